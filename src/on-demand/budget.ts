// The per-caller budget of on-demand fetches: at most `perMinute` started in any sliding minute, per key (or address).
// Counted per process: a cluster of N nodes allows up to N times as many (docs/kb-growth.md).

export class FetchBudget {
  private readonly started = new Map<string, number[]>()

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes up to `wanted` fetches from `who`'s budget; returns how many it may start. */
  take(who: string, wanted: number): number {
    if (wanted <= 0) return 0
    const now = this.now()
    const recent = (this.started.get(who) ?? []).filter((t) => t > now - 60_000)
    const granted = Math.max(0, Math.min(wanted, this.perMinute - recent.length))
    for (let i = 0; i < granted; i++) recent.push(now)
    if (recent.length > 0) this.started.set(who, recent)
    else this.started.delete(who)
    if (this.started.size > 10_000) this.forgetIdle(now)
    return granted
  }

  private forgetIdle(now: number): void {
    for (const [who, times] of this.started) if (times.every((t) => t <= now - 60_000)) this.started.delete(who)
  }
}
