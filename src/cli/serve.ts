// `compintel serve`: runs until SIGTERM or SIGINT, then shuts down gracefully.
import type { Config } from '../config.ts'
import { serve } from '../main.ts'

export async function runServe(config: Config): Promise<number> {
  const running = await serve(config)
  console.log(`compintel listening on ${running.url} (KB: ${config.database.kind}); API docs at ${running.url}/docs`)
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      running.shutdown(signal).then(resolve, (err) => {
        console.error(`shutdown failed: ${(err as Error).message}`)
        process.exitCode = 1
        resolve()
      })
    }
    process.once('SIGTERM', () => stop('SIGTERM'))
    process.once('SIGINT', () => stop('SIGINT'))
  })
  return 0
}
