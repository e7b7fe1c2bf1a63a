// The answer cache's port: the shared store (Redis) behind the in-process LRU (the KB change log it follows is
// domain/kb/changes.ts).

/** One cached answer: the body as sent, and what it was computed from. */
export interface CachedAnswer {
  body: string
  contentType: string
  /** The body's ETag (http/plugins/etag.ts), computed once when the answer is kept. */
  etag: string
  /** Every change with an id up to this one was visible when the answer was read from the KB. */
  watermark: number
  /** The components the answer depends on (domain/kb/changes.ts componentTag). */
  tags: string[]
}

/** A store shared by the API nodes (Redis); failures are misses, never errors. */
export interface SharedStore {
  get(key: string): Promise<CachedAnswer | undefined>
  set(key: string, answer: CachedAnswer, ttlMs: number): Promise<void>
}
