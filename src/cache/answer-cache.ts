// The answer cache (docs/caching.md): hot single-component answers kept in an in-process LRU and, when Redis is
// configured, in Redis shared by every API node. Freshness comes from the KB change log (change-tracker.ts), not
// from the TTL, which only bounds memory and how long a missed change could matter.
import { hash } from 'node:crypto'
import { ChangeTracker } from './change-tracker.ts'
import { Lru } from './lru.ts'
import type { CachedAnswer, SharedStore } from './types.ts'

export interface AnswerCacheOptions {
  maxEntries: number
  maxBytes: number
  ttlMs: number
  shared?: SharedStore
  /** Names what the answers' shape depends on (server and schema version): nodes of other builds never share. */
  namespace: string
}

export type Lookup = { answer: CachedAnswer; from: 'local' | 'shared' } | undefined

export class AnswerCache {
  private readonly lru: Lru<CachedAnswer>

  constructor(
    readonly tracker: ChangeTracker,
    private readonly opts: AnswerCacheOptions,
  ) {
    this.lru = new Lru(opts.maxEntries, opts.maxBytes)
  }

  get entries(): number {
    return this.lru.size
  }

  async get(key: string): Promise<Lookup> {
    if (!this.tracker.ready) return undefined
    const local = this.lru.get(key)
    if (local) {
      if (this.tracker.isFresh(local)) return { answer: local, from: 'local' }
      this.lru.delete(key)
    }
    const shared = await this.opts.shared?.get(this.sharedKey(key))
    if (!shared || !this.tracker.isFresh(shared)) return undefined
    this.lru.set(key, shared, sizeOf(shared), this.opts.ttlMs)
    return { answer: shared, from: 'shared' }
  }

  /** The stamp for an answer about to be read from the KB; undefined when nothing may be cached now. */
  stamp(): number | undefined {
    return this.tracker.ready ? this.tracker.watermark : undefined
  }

  put(key: string, answer: CachedAnswer): void {
    // a change seen while the answer was computed may already make it stale
    if (!this.tracker.isFresh(answer)) return
    this.lru.set(key, answer, sizeOf(answer), this.opts.ttlMs)
    void this.opts.shared?.set(this.sharedKey(key), answer, this.opts.ttlMs)
  }

  clearLocal(): void {
    this.lru.clear()
  }

  private sharedKey(key: string): string {
    return `compintel:answer:${this.opts.namespace}:${hash('sha256', key, 'base64url')}`
  }
}

function sizeOf(a: CachedAnswer): number {
  return 2 * (a.body.length + a.contentType.length) + 64 * (a.tags.length + 1)
}

/** A cache and the tracker that keeps it fresh, wired together (the caller starts and stops the tracker). */
export function createAnswerCache(
  feed: ConstructorParameters<typeof ChangeTracker>[0],
  opts: AnswerCacheOptions & { pollMs: number; onError(err: Error): void },
): AnswerCache {
  let cache: AnswerCache | undefined
  const tracker = new ChangeTracker(feed, {
    pollMs: opts.pollMs,
    ttlMs: opts.ttlMs,
    onFlush: () => cache?.clearLocal(),
    onError: opts.onError,
  })
  cache = new AnswerCache(tracker, opts)
  return cache
}
