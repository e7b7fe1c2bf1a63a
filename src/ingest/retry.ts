// Retries transient failures with exponential back-off and jitter; permanent ones fail at once.
import { setTimeout as sleep } from 'node:timers/promises'

export interface RetryOptions {
  attempts?: number
  baseMs?: number
  isTransient(err: unknown): boolean
  onRetry?(err: unknown, attempt: number): void
}

export async function retry<T>(fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const attempts = opts.attempts ?? 4
  const base = opts.baseMs ?? 500
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn()
    } catch (err) {
      if (attempt >= attempts || !opts.isTransient(err)) throw err
      opts.onRetry?.(err, attempt)
      await sleep(base * 2 ** (attempt - 1) * (0.5 + Math.random()))
    }
  }
}
