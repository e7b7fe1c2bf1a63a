// The shared level of the answer cache on Redis. Any failure or a slow answer is a miss: the KB answers instead.
import type { Redis } from 'ioredis'
import { withTimeout } from '../domain/shared/timeout.ts'
import type { CachedAnswer, SharedStore } from './types.ts'

/** A Redis lookup slower than this is abandoned (the KB is usually faster than a struggling Redis). */
const TIMEOUT_MS = 100

export class RedisStore implements SharedStore {
  constructor(
    private readonly redis: Redis,
    private readonly onError: (err: Error) => void = () => {},
  ) {}

  async get(key: string): Promise<CachedAnswer | undefined> {
    try {
      const raw = await withTimeout(this.redis.get(key), TIMEOUT_MS)
      if (!raw) return undefined
      const a = JSON.parse(raw) as Partial<CachedAnswer>
      const valid =
        typeof a.body === 'string' &&
        typeof a.contentType === 'string' &&
        typeof a.etag === 'string' &&
        typeof a.watermark === 'number' &&
        Array.isArray(a.tags) &&
        a.tags.every((t) => typeof t === 'string')
      return valid ? (a as CachedAnswer) : undefined
    } catch (err) {
      this.onError(err as Error)
      return undefined
    }
  }

  async set(key: string, answer: CachedAnswer, ttlMs: number): Promise<void> {
    try {
      await withTimeout(this.redis.set(key, JSON.stringify(answer), 'PX', ttlMs), TIMEOUT_MS)
    } catch (err) {
      this.onError(err as Error)
    }
  }
}
