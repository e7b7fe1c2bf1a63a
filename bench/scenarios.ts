// Benchmark scenarios: each sets up compintel and a same-run baseline on 127.0.0.1.
import Fastify from 'fastify'
import { parseConfig } from '../src/config.ts'
import { buildApp } from '../src/http/app.ts'
import { createServices } from '../src/services.ts'
import { openStorage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import type { Target } from './run.ts'

export interface Scenario {
  name: string
  baseline: string
  setup(): Promise<{ subject: Target; baseline: Target; close(): Promise<void> }>
}

const echo: Scenario = {
  name: 'echo',
  baseline: 'bare Fastify JSON handler',
  setup: async () => {
    const config = parseConfig({
      DATABASE_URL: 'sqlite::memory:',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_MINUTE_PER_IP: '100000000',
      LOG_LEVEL: 'silent',
    })
    const storage = openStorage(config.database)
    await migrate(storage)
    const services = createServices(storage, config)
    const { key } = await services.keys.create({ name: 'bench', scopes: ['*'] })
    const app = await buildApp({ config, services, version: 'bench', logger: false })
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 })
    const bare = Fastify()
    bare.post('/v2/components/echo', async (req) => ({ message: (req.body as { message?: string }).message ?? '' }))
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 })
    const body = JSON.stringify({ message: 'hello from the benchmark' })
    const headers = { 'content-type': 'application/json', 'x-api-key': key }
    return {
      subject: { url: `${appUrl}/v2/components/echo`, method: 'POST', headers, body },
      baseline: { url: `${bareUrl}/v2/components/echo`, method: 'POST', headers, body },
      close: async () => {
        await app.close()
        await bare.close()
        await storage.close()
      },
    }
  },
}

export const SCENARIOS: Scenario[] = [echo]
