// `compintel ingest osv`: OSV records → advisories, in bounded batches (one transaction each). Each input is one
// source (`osv:<file stem>` unless named), recorded with the newest `modified` among its records as its date.
import { isLater } from '../../domain/vulnerabilities/osv-dates.ts'
import { advisoryFromOsv, OsvRecordError } from '../../domain/vulnerabilities/osv-record.ts'
import type { Advisory, AdvisoryWriter } from '../../domain/vulnerabilities/types.ts'
import { type DataIngestReport, tally } from '../../ingest/data-report.ts'
import { FeedIngest, type FeedOptions } from '../feed-ingest.ts'
import { readOsv, sourceStem } from './read-osv.ts'

interface SourceState {
  records: number
  newest: string | null
}

/** `opts.source`: one source name for every input (default: `osv:<stem>` per input). */
export async function ingestOsv(
  inputs: readonly string[],
  writer: AdvisoryWriter,
  opts: FeedOptions,
): Promise<DataIngestReport> {
  const run = new FeedIngest<Advisory>(
    { label: 'osv', unit: 'records', batchSize: 500, write: (b, asOf) => writer.writeAdvisories(b, asOf) },
    writer,
    opts,
  )
  const report = run.report
  const sources = new Map<string, SourceState>()
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
      await run.add(advisory)
    }
    // an input's records are written before the next input's (an id in both is then compared with the stored one)
    await run.flush()
  }
  return run.done(
    [...sources].map(([name, s]) => ({ name, kind: 'advisories', sourceDate: s.newest, records: s.records })),
  )
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
