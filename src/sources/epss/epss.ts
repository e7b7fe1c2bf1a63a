// `compintel ingest epss`: FIRST's daily EPSS CSV (gzipped or not). Line 1 may be the metadata comment
// `#model_version:…,score_date:…` (either may say `unknown`: stored as null), then the header `cve,epss,percentile`,
// then one score a line. Written in batches, one transaction each; the source date is the file's score_date.
import type { AdvisoryWriter, EpssScore } from '../../domain/vulnerabilities/types.ts'
import { type DataIngestReport, tally } from '../../ingest/data-report.ts'
import { readLines } from '../../ingest/text-input.ts'
import { FeedIngest, type FeedOptions } from '../feed-ingest.ts'

export interface EpssMeta {
  modelVersion: string | null
  scoreDate: string | null
}

const CVE = /^CVE-\d{4}-\d{4,}$/

/** The metadata comment line, or undefined when the line is not one. */
export function parseEpssMeta(line: string): EpssMeta | undefined {
  if (!line.startsWith('#')) return undefined
  const fields = new Map<string, string>()
  for (const part of line.slice(1).split(',')) {
    const at = part.indexOf(':')
    if (at > 0) fields.set(part.slice(0, at).trim(), part.slice(at + 1).trim())
  }
  const known = (v: string | undefined) => (v === undefined || v === '' || v.toLowerCase() === 'unknown' ? null : v)
  return { modelVersion: known(fields.get('model_version')), scoreDate: known(fields.get('score_date')) }
}

/** Column positions from the header line; throws when a column is missing. */
export function parseEpssHeader(line: string): { cve: number; epss: number; percentile: number } {
  const cols = line.split(',').map((c) => c.trim().toLowerCase())
  const at = (name: string) => {
    const i = cols.indexOf(name)
    if (i === -1) throw new Error(`not an EPSS file: header "${line.slice(0, 80)}" has no ${name} column`)
    return i
  }
  return { cve: at('cve'), epss: at('epss'), percentile: at('percentile') }
}

export async function ingestEpss(file: string, writer: AdvisoryWriter, opts: FeedOptions): Promise<DataIngestReport> {
  const source = opts.source ?? 'epss'
  const run = new FeedIngest<EpssScore>(
    { label: 'epss', unit: 'scores', batchSize: 5000, write: (b, asOf) => writer.writeEpss(b, source, asOf) },
    writer,
    opts,
  )
  const report = run.report
  let meta: EpssMeta = { modelVersion: null, scoreDate: null }
  let header: ReturnType<typeof parseEpssHeader> | undefined
  let records = 0
  let n = 0
  for await (const line of readLines(file, report)) {
    n++
    if (line.trim() === '') continue
    if (!header) {
      const m = parseEpssMeta(line)
      if (m) meta = m
      else header = parseEpssHeader(line)
      continue
    }
    report.read++
    const f = line.split(',')
    const cve = f[header.cve]?.trim() ?? ''
    const probability = Number(f[header.epss])
    const percentile = Number(f[header.percentile])
    if (!CVE.test(cve) || !unit(f[header.epss], probability) || !unit(f[header.percentile], percentile)) {
      tally(report.skipped, 'invalid row', `line ${n}: ${line}`)
      continue
    }
    records++
    await run.add({ cve, probability, percentile, scoreDate: meta.scoreDate, modelVersion: meta.modelVersion })
  }
  if (!header) throw new Error(`not an EPSS file: ${file} has no header line`)
  return run.done([{ name: source, kind: 'epss', sourceDate: meta.scoreDate, records }])
}

function unit(raw: string | undefined, n: number): boolean {
  return raw !== undefined && raw.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 1
}
