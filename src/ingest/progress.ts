// Progress for long runs: a redrawn bar with counts, rate and ETA on a terminal, plain lines otherwise.

export interface ProgressSink {
  isTTY: boolean
  write(text: string): void
}

export class Progress {
  private done = 0
  private readonly started = Date.now()
  private lastDraw = 0

  /** More units were discovered (a dependency closure grows as it is walked). */
  grow(n: number): void {
    this.total += n
  }

  constructor(
    private total: number,
    private readonly sink: ProgressSink = {
      isTTY: Boolean(process.stderr.isTTY),
      write: (t) => process.stderr.write(t),
    },
    private readonly label = 'ingest',
  ) {}

  /** One unit finished; `line` describes it (shown as its own line when not on a terminal). */
  tick(line: string, counts: Record<string, number>): void {
    this.done++
    const elapsed = (Date.now() - this.started) / 1000
    const rate = this.done / Math.max(elapsed, 0.001)
    const eta = rate > 0 ? (this.total - this.done) / rate : 0
    const tally = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(' · ')
    const head = `${this.label} ${this.done}/${this.total} (${((100 * this.done) / Math.max(this.total, 1)).toFixed(1)}%) ${rate.toFixed(2)}/s ETA ${duration(eta)}`
    if (!this.sink.isTTY) {
      this.sink.write(`${head} ${line}\n`)
      return
    }
    const now = Date.now()
    if (now - this.lastDraw < 100 && this.done < this.total) return
    this.lastDraw = now
    const width = 24
    const filled = Math.round((width * this.done) / Math.max(this.total, 1))
    this.sink.write(`\r\x1b[2K[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${head} ${tally}`)
    if (this.done === this.total) this.sink.write('\n')
  }

  /** A message that must not be lost in the redrawn line (failures). */
  note(text: string): void {
    this.sink.write(this.sink.isTTY ? `\r\x1b[2K${text}\n` : `${text}\n`)
  }
}

export function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?'
  const s = Math.round(seconds)
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KiB`
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MiB`
  return `${(n / 1024 ** 3).toFixed(2)} GiB`
}
