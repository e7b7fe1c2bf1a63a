// `compintel ingest purl2cpe`: lines {"purl":…,"cpes":[…]} → per package key, its distinct CPE products (version
// and update as `*`) with the count of versioned CPEs listed for each. Purls that do not parse are skipped.
// Two passes: the first finds keys that several purl lines map to (`pkg:pypi/Django` and `pkg:pypi/django`);
// their CPE lists are merged before writing, so every key is written once and a re-import writes nothing.

import { purlName, tryParsePurl } from '../../domain/shared/purl.ts'
import { cpeProducts } from '../../domain/vulnerabilities/cpe-products.ts'
import type { AdvisoryWriter, CpePackage } from '../../domain/vulnerabilities/types.ts'
import { type DataIngestReport, tally } from '../../ingest/data-report.ts'
import { readLines } from '../../ingest/text-input.ts'
import { FeedIngest, type FeedOptions } from '../feed-ingest.ts'

type Line =
  | { kind: 'ok'; key: string; purlType: string; purlName: string; cpes: string[] }
  | { kind: 'bad'; why: string; purl?: string }

const SEP = '\u0000'

export async function ingestPurl2Cpe(
  file: string,
  writer: AdvisoryWriter,
  opts: FeedOptions,
): Promise<DataIngestReport> {
  const source = opts.source ?? 'purl2cpe'
  const run = new FeedIngest<CpePackage>(
    {
      label: 'purl2cpe',
      unit: 'purls',
      writtenUnit: 'package keys',
      batchSize: 1000,
      write: (b, asOf) => writer.writeCpeProducts(b, source, asOf),
    },
    writer,
    opts,
  )
  const report = run.report

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

  let packages = 0
  const add = async (p: { purlType: string; purlName: string; cpes: string[] }) => {
    const { products, invalid } = cpeProducts(p.cpes)
    for (const cpe of invalid) tally(report.notes, 'CPEs that are not CPE 2.3 formatted strings (left out)', cpe)
    if (products.length === 0) {
      tally(report.skipped, 'purls without a valid CPE', `${p.purlType}/${p.purlName}`)
      return
    }
    packages++
    await run.add({ purlType: p.purlType, purlName: p.purlName, products })
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
  if (repeated.size > 0)
    report.notes['package keys named by several purl lines (their CPEs merged)'] = {
      count: repeated.size,
      examples: [...repeated.values()].slice(0, 3).map((p) => `${p.purlType}/${p.purlName}`),
    }
  return run.done([{ name: source, kind: 'cpe', sourceDate: null, records: packages }])
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
