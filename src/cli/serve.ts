// `compintel serve`: runs until SIGTERM or SIGINT, then shuts down gracefully; an uncaught exception shuts it down
// too, and it exits 1 (process-guard.ts).

import { serve } from '../app/main.ts'
import type { Config } from '../config/config.ts'
import { guardProcess } from './process-guard.ts'

export async function runServe(config: Config): Promise<number> {
  const running = await serve(config)
  const guard = guardProcess(running.app.log, running.shutdown, config.shutdownTimeoutMs)
  console.log(`compintel listening on ${running.url} (KB: ${config.database.kind}); API docs at ${running.url}/docs`)
  const failed = guard.failed.then(() => 1)
  const stopped = new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      running.shutdown(signal).then(
        () => resolve(0),
        (err) => {
          console.error(`shutdown failed: ${(err as Error).message}`)
          resolve(1)
        },
      )
    }
    process.once('SIGTERM', () => stop('SIGTERM'))
    process.once('SIGINT', () => stop('SIGINT'))
  })
  const code = await Promise.race([failed, stopped])
  guard.remove()
  return code
}
