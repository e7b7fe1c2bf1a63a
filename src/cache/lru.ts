// A least-recently-used map bounded by entry count and by total size (a Map keeps insertion order: a hit is
// moved to the end, the first key is the least recently used).

export class Lru<V> {
  private readonly map = new Map<string, { value: V; size: number; expires: number }>()
  private bytes = 0

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.map.size
  }

  get totalBytes(): number {
    return this.bytes
  }

  get(key: string): V | undefined {
    const e = this.map.get(key)
    if (!e) return undefined
    this.map.delete(key)
    if (e.expires <= this.now()) {
      this.bytes -= e.size
      return undefined
    }
    this.map.set(key, e)
    return e.value
  }

  set(key: string, value: V, size: number, ttlMs: number): void {
    this.delete(key)
    if (size > this.maxBytes || this.maxEntries === 0) return
    const now = this.now()
    this.map.set(key, { value, size, expires: now + ttlMs })
    this.bytes += size
    // the least recently used first: drop it while it is over the bounds or expired, so memory follows the TTL
    for (const [oldest, e] of this.map) {
      if (this.map.size <= this.maxEntries && this.bytes <= this.maxBytes && e.expires > now) break
      this.delete(oldest)
    }
  }

  delete(key: string): void {
    const e = this.map.get(key)
    if (!e) return
    this.map.delete(key)
    this.bytes -= e.size
  }

  clear(): void {
    this.map.clear()
    this.bytes = 0
  }
}
