// `compintel ingest osv`: OSV records → advisories, in bounded batches (one transaction each). Each input is one
// source (`osv:<file stem>` unless named), recorded with the newest `modified` among its records as its date.
import { isLater } from '../../domain/vulnerabilities/osv-dates.ts'
import { advisoryFromOsv, OsvRecordError } from '../../domain/vulnerabilities/osv-record.ts'
import type { Advisory, AdvisoryWriter } from '../../domain/vulnerabilities/types.ts'
import { type DataIngestReport, emptyReport, StreamProgress, tally } from '../../ingest/data-report.ts'
import type { ProgressSink } from '../../ingest/progress.ts'
import { readOsv, sourceStem } from './read-osv.ts'

export interface OsvIngestOptions {
  /** One source name for every input (default: `osv:<stem>` per input). */
  source?: string
  /** Overrides the source date recorded for every source of this run. */
  sourceDate?: string
  batchSize?: number
  now: () => string
  sink?: ProgressSink
}

interface SourceState {
  records: number
  newest: string | null
}

export async function ingestOsv(
  inputs: readonly string[],
  writer: AdvisoryWriter,
  opts: OsvIngestOptions,
): Promise<DataIngestReport> {
  const report = emptyReport('records')
  const progress = new StreamProgress('osv', opts.sink)
  const asOf = opts.now()
  const size = opts.batchSize ?? 500
  const sources = new Map<string, SourceState>()
  let batch: Advisory[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const r = await writer.writeAdvisories(batch, asOf)
    report.written += r.written
    report.unchanged += r.unchanged
    for (const id of r.older) tally(report.skipped, 'older than the record already stored', id)
    batch = []
    progress.update(report)
  }
  for (const input of inputs) {
    const source = opts.source ?? `osv:${sourceStem(input)}`
    const state = sources.get(source) ?? { records: 0, newest: null }
    sources.set(source, state)
    for await (const item of readOsv(input, report)) {
      report.read++
      if ('error' in item) {
        tally(report.skipped, 'unreadable', `${item.origin}: ${item.error}`)
        continue
      }
      const advisory = toAdvisory(item.raw, source, item.origin, report)
      if (!advisory) continue
      state.records++
      if (state.newest === null || isLater(advisory.modified, state.newest)) state.newest = advisory.modified
      batch.push(advisory)
      if (batch.length >= size) await flush()
    }
    await flush()
  }
  for (const [name, s] of sources) {
    const sourceDate = opts.sourceDate ?? s.newest
    await writer.recordSource({ name, kind: 'advisories', sourceDate, importedAt: asOf, records: s.records })
    report.sources.push({ name, sourceDate, records: s.records })
  }
  report.seconds = progress.elapsed()
  progress.update(report, true)
  return report
}

function toAdvisory(raw: unknown, source: string, origin: string, report: DataIngestReport): Advisory | undefined {
  let advisory: Advisory
  try {
    advisory = advisoryFromOsv(raw, source)
  } catch (err) {
    if (!(err instanceof OsvRecordError)) throw err
    tally(report.skipped, 'not an OSV record', `${origin}: ${err.message}`)
    return undefined
  }
  if (advisory.affected.length === 0) {
    const ecosystems = ecosystemsOf(raw)
    tally(report.skipped, 'no package in an ecosystem compintel maps', `${advisory.id} (${ecosystems || 'none'})`)
    return undefined
  }
  return advisory
}

function ecosystemsOf(raw: unknown): string {
  const affected = (raw as { affected?: unknown }).affected
  if (!Array.isArray(affected)) return ''
  const names = affected.map((a) => (a as { package?: { ecosystem?: unknown } })?.package?.ecosystem)
  return [...new Set(names.filter((n): n is string => typeof n === 'string'))].join(', ')
}
