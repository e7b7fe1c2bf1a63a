// The answer cache's ports: the KB change log it follows and the shared store (Redis) behind the in-process LRU.

/** The tag of a change that may touch any component (advisories, EPSS, CPEs, geoprovenance, a seed load). */
export const ANY_COMPONENT = '*'

export interface ChangeRow {
  id: number
  tag: string
}

/** The KB change log, read forward by id (src/storage/kb-changes.ts). */
export interface ChangeFeed {
  /** Rows with an id above `after`, oldest first, at most `limit`. */
  since(after: number, limit: number): Promise<ChangeRow[]>
  /** Those of these ids that exist now (ids a slower transaction took and has since committed). */
  byIds(ids: readonly number[]): Promise<ChangeRow[]>
  /** The highest id, 0 for an empty log. */
  latest(): Promise<number>
}

/** One cached answer: the body as sent, and what it was computed from. */
export interface CachedAnswer {
  body: string
  contentType: string
  /** Every change with an id up to this one was visible when the answer was read from the KB. */
  watermark: number
  /** The components the answer depends on (src/cache/tags.ts). */
  tags: string[]
}

/** A store shared by the API nodes (Redis); failures are misses, never errors. */
export interface SharedStore {
  get(key: string): Promise<CachedAnswer | undefined>
  set(key: string, answer: CachedAnswer, ttlMs: number): Promise<void>
}
