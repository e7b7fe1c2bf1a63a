// Wires the request gate in order: per-IP limit, key check and scope, per-key limit (all onRequest, before bodies are read).
import type { App, AppDeps } from '../types.ts'
import { authenticate } from './auth.ts'
import { registerRateLimits } from './rate-limit.ts'

export async function registerAuth(app: App, deps: AppDeps): Promise<void> {
  const limits = await registerRateLimits(app, deps)
  const checkKey = authenticate(app, deps)
  app.addHook('onRequest', async (req, reply) => {
    await limits.perIp(req, reply)
    await checkKey(req)
    await limits.perKey(req, reply)
  })
}
