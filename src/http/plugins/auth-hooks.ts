// Wires the request gate in order: per-IP limit, key check and scope, per-key limit (onRequest, before bodies are
// read). One hook, finished at once when every step can answer at once (the memory counters); a step that waits
// (a key not yet known to this process, Redis counters) continues the chain when it settles.
import type { App, AppDeps } from '../types.ts'
import { authenticate } from './auth.ts'
import { rateLimits, type Step } from './rate-limit.ts'

export function registerAuth(app: App, deps: AppDeps): void {
  const limits = rateLimits(app, deps)
  const checkKey = authenticate(app, deps)
  app.addHook('onRequest', (req, reply, done) => {
    const steps: (() => Step)[] = [() => limits.perIp(req, reply), () => checkKey(req), () => limits.perKey(req, reply)]
    const next = (i: number): void => {
      try {
        for (; i < steps.length; i++) {
          const waiting = (steps[i] as () => Step)()
          if (waiting) {
            waiting.then(() => next(i + 1), done)
            return
          }
        }
      } catch (err) {
        done(err as Error)
        return
      }
      done()
    }
    next(0)
  })
}
