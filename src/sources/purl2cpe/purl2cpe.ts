// `compintel ingest purl2cpe`: lines {"purl":…,"cpes":[…]} → per package key, its distinct CPE products (version
// and update as `*`) with the count of versioned CPEs listed for each. Purls that do not parse are skipped.
// Two passes: the first finds keys that several purl lines map to (`pkg:pypi/Django` and `pkg:pypi/django`);
// their CPE lists are merged before writing, so every key is written once and a re-import writes nothing.

import { purlName, tryParsePurl } from '../../domain/shared/purl.ts'
import { cpeProducts } from '../../domain/vulnerabilities/cpe-products.ts'
import type { AdvisoryWriter, CpePackage } from '../../domain/vulnerabilities/types.ts'
import { type DataIngestReport, emptyReport, StreamProgress, tally } from '../../ingest/data-report.ts'
import type { ProgressSink } from '../../ingest/progress.ts'
import { readLines } from '../../ingest/text-input.ts'

export interface Purl2CpeOptions {
  source?: string
  sourceDate?: string
  batchSize?: number
  now: () => string
  sink?: ProgressSink
}

type Line =
  | { kind: 'ok'; key: string; purlType: string; purlName: string; cpes: string[] }
  | { kind: 'bad'; why: string; purl?: string }

const SEP = '\u0000'

export async function ingestPurl2Cpe(
  file: string,
  writer: AdvisoryWriter,
  opts: Purl2CpeOptions,
): Promise<DataIngestReport> {
  const report = { ...emptyReport('purls'), writtenUnit: 'package keys' }
  const progress = new StreamProgress('purl2cpe', opts.sink)
  const asOf = opts.now()
  const source = opts.source ?? 'purl2cpe'
  const size = opts.batchSize ?? 1000

  const seen = new Set<string>()
  const repeated = new Map<string, { purlType: string; purlName: string; cpes: string[] }>()
  for await (const line of readLines(file, { bytes: 0 })) {
    const p = tryParsePurl(purlOf(line) ?? '')
    if (!p) continue
    const key = `${p.type}${SEP}${purlName(p)}`
    if (seen.has(key)) repeated.set(key, { purlType: p.type, purlName: purlName(p), cpes: [] })
    seen.add(key)
  }
  seen.clear()

  let batch: CpePackage[] = []
  let packages = 0
  const flush = async () => {
    if (batch.length === 0) return
    const r = await writer.writeCpeProducts(batch, source, asOf)
    report.written += r.written
    report.unchanged += r.unchanged
    batch = []
    progress.update(report)
  }
  const add = async (p: { purlType: string; purlName: string; cpes: string[] }) => {
    const { products, invalid } = cpeProducts(p.cpes)
    for (const cpe of invalid) tally(report.notes, 'CPEs that are not CPE 2.3 formatted strings (left out)', cpe)
    if (products.length === 0) {
      tally(report.skipped, 'purls without a valid CPE', `${p.purlType}/${p.purlName}`)
      return
    }
    packages++
    batch.push({ purlType: p.purlType, purlName: p.purlName, products })
    if (batch.length >= size) await flush()
  }
  let n = 0
  for await (const line of readLines(file, report)) {
    n++
    if (line.trim() === '') continue
    report.read++
    const l = parseLine(line)
    if (l.kind === 'bad') {
      tally(report.skipped, l.why, l.purl ?? `line ${n}`)
      continue
    }
    const merged = repeated.get(l.key)
    if (merged) merged.cpes.push(...l.cpes)
    else await add(l)
  }
  for (const p of repeated.values()) await add(p)
  await flush()
  if (repeated.size > 0)
    report.notes['package keys named by several purl lines (their CPEs merged)'] = {
      count: repeated.size,
      examples: [...repeated.values()].slice(0, 3).map((p) => `${p.purlType}/${p.purlName}`),
    }
  const sourceDate = opts.sourceDate ?? null
  await writer.recordSource({ name: source, kind: 'cpe', sourceDate, importedAt: asOf, records: packages })
  report.sources.push({ name: source, sourceDate, records: packages })
  report.seconds = progress.elapsed()
  progress.update(report, true)
  return report
}

/** The purl of a line without parsing its (possibly very long) CPE list; undefined when the line is malformed. */
function purlOf(line: string): string | undefined {
  const m = /^\{\s*"purl"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(line)
  try {
    const purl: unknown = m ? JSON.parse(m[1] as string) : JSON.parse(line).purl
    return typeof purl === 'string' ? purl : undefined
  } catch {
    return undefined
  }
}

function parseLine(line: string): Line {
  let o: { purl?: unknown; cpes?: unknown }
  try {
    o = JSON.parse(line)
  } catch {
    return { kind: 'bad', why: 'invalid JSON' }
  }
  if (typeof o?.purl !== 'string' || !Array.isArray(o.cpes)) return { kind: 'bad', why: 'no purl or cpes' }
  const p = tryParsePurl(o.purl)
  if (!p) return { kind: 'bad', why: 'purls that do not parse', purl: o.purl }
  const name = purlName(p)
  const cpes = o.cpes.filter((c): c is string => typeof c === 'string')
  return { kind: 'ok', key: `${p.type}${SEP}${name}`, purlType: p.type, purlName: name, cpes }
}
