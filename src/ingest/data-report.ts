// What a data-file ingest (the feeds' loaders: OSV, EPSS, KEV, purl2cpe, through sources/feed-ingest.ts) did: counts,
// skips with their reasons, bytes and time; and its progress while it runs (a redrawn line on a terminal, a plain line
// every few seconds otherwise).
import { bytes, duration, type ProgressSink } from './progress.ts'

const EXAMPLES = 3

export interface SkipTally {
  count: number
  examples: string[]
}

export interface DataIngestReport {
  /** What one unit read is: `records`, `scores`, `purls`. */
  unit: string
  /** What one unit written is, when not the same (purl2cpe writes per package key). */
  writtenUnit?: string
  sources: { name: string; sourceDate: string | null; records: number }[]
  read: number
  written: number
  unchanged: number
  skipped: Record<string, SkipTally>
  /** Further notes (e.g. invalid CPEs inside otherwise usable lines), counted like skips. */
  notes: Record<string, SkipTally>
  bytes: number
  seconds: number
}

export function emptyReport(unit: string): DataIngestReport {
  return { unit, sources: [], read: 0, written: 0, unchanged: 0, skipped: {}, notes: {}, bytes: 0, seconds: 0 }
}

export function tally(into: Record<string, SkipTally>, reason: string, example: string): void {
  const t = into[reason] ?? { count: 0, examples: [] }
  into[reason] = t
  t.count++
  if (t.examples.length < EXAMPLES) t.examples.push(example.length > 120 ? `${example.slice(0, 117)}...` : example)
}

function skippedTotal(r: DataIngestReport): number {
  return Object.values(r.skipped).reduce((n, t) => n + t.count, 0)
}

export function formatReport(title: string, r: DataIngestReport): string {
  const lines = [
    `${title}: ${r.read} ${r.unit} read, ${r.written}${r.writtenUnit ? ` ${r.writtenUnit}` : ''} written, ${r.unchanged} unchanged, ${skippedTotal(r)} skipped`,
    `  ${bytes(r.bytes)} read in ${duration(r.seconds)} (${(r.seconds > 0 ? r.read / r.seconds : r.read).toFixed(0)} ${r.unit}/s)`,
  ]
  for (const s of r.sources)
    lines.push(
      `  source ${s.name}: ${s.records} ${r.writtenUnit ?? r.unit}, source date ${s.sourceDate ?? 'none given'}`,
    )
  for (const [label, group] of [
    ['skipped', r.skipped],
    ['note', r.notes],
  ] as const) {
    for (const [reason, t] of Object.entries(group))
      lines.push(`  ${label}: ${t.count} ${reason} (e.g. ${t.examples.join(', ')})`)
  }
  return lines.join('\n')
}

export class StreamProgress {
  private readonly started = Date.now()
  private last = 0

  constructor(
    private readonly label: string,
    private readonly sink: ProgressSink = {
      isTTY: Boolean(process.stderr.isTTY),
      write: (t) => process.stderr.write(t),
    },
  ) {}

  update(r: DataIngestReport, final = false): void {
    const now = Date.now()
    if (!final && now - this.last < (this.sink.isTTY ? 100 : 5000)) return
    this.last = now
    const seconds = (now - this.started) / 1000
    const line = `${this.label}: ${r.read} ${r.unit} (${r.written} written, ${r.unchanged} unchanged, ${skippedTotal(r)} skipped) ${bytes(r.bytes)} ${duration(seconds)}`
    if (this.sink.isTTY) this.sink.write(`\r\x1b[2K${line}${final ? '\n' : ''}`)
    else this.sink.write(`${line}\n`)
  }

  elapsed(): number {
    return (Date.now() - this.started) / 1000
  }
}

/** A sink that writes nothing (tests, and callers that print their own progress). */
export const SILENT: ProgressSink = { isTTY: false, write: () => {} }
