// `compintel ingest kev`: CISA's catalogue of known exploited vulnerabilities (KEV), its published JSON (gzipped or
// not): `{catalogVersion, dateReleased, count, vulnerabilities: [{cveID, vendorProject, product, …}]}`. The file is
// bounded before it is parsed, its shape checked, and each record must carry every field an answer shows (a record
// that does not is skipped and counted). Written in batches, one transaction each; the source date is the
// catalogue's dateReleased.
import type { AdvisoryWriter, KevEntry } from '../../domain/vulnerabilities/types.ts'
import { type DataIngestReport, tally } from '../../ingest/data-report.ts'
import { readText } from '../../ingest/text-input.ts'
import { FeedIngest, type FeedOptions } from '../feed-ingest.ts'

/** The catalogue shipped in data/sources (its path there), loaded into a KB without KEV entries (app/prepare.ts). */
export const SHIPPED_KEV = 'kev/known_exploited_vulnerabilities.json.gz'

/** The catalogue is about 1.3 MB (1,404 records in 2025); far larger is not a KEV catalogue. */
const MAX_TEXT_BYTES = 64 * 1024 * 1024
const MAX_RECORDS = 200_000
const MAX_FIELD = 10_000
const CVE = /^CVE-\d{4}-\d{4,19}$/
const DAY = /^\d{4}-\d{2}-\d{2}$/
const FIELDS = {
  vendorProject: 'vendorProject',
  product: 'product',
  vulnerabilityName: 'vulnerabilityName',
  shortDescription: 'shortDescription',
  requiredAction: 'requiredAction',
  knownRansomwareCampaignUse: 'knownRansomwareCampaignUse',
} as const

export interface KevCatalogue {
  /** dateReleased, when it is a date-time. */
  released: string | null
  entries: KevEntry[]
  /** Records refused: why, and which (index, cveID). */
  refused: { reason: string; example: string }[]
}

/** The catalogue's entries; throws when the text is not a KEV catalogue at all. */
export function parseKevCatalogue(text: string): KevCatalogue {
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch (err) {
    throw new Error(`not a KEV catalogue: ${(err as Error).message}`)
  }
  if (!isObject(doc) || !Array.isArray(doc.vulnerabilities))
    throw new Error('not a KEV catalogue: no "vulnerabilities" array')
  if (doc.vulnerabilities.length > MAX_RECORDS)
    throw new Error(`not a KEV catalogue: ${doc.vulnerabilities.length} records, more than ${MAX_RECORDS}`)
  const released =
    typeof doc.dateReleased === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(doc.dateReleased)
      ? doc.dateReleased
      : null
  const out: KevCatalogue = { released, entries: [], refused: [] }
  doc.vulnerabilities.forEach((record: unknown, i: number) => {
    const entry = kevEntry(record)
    if (typeof entry === 'string') {
      const id = isObject(record) && typeof record.cveID === 'string' ? ` ${record.cveID.slice(0, 40)}` : ''
      out.refused.push({ reason: entry, example: `record ${i}${id}` })
    } else out.entries.push(entry)
  })
  return out
}

/** The record as an entry, or why it is refused. */
function kevEntry(r: unknown): KevEntry | string {
  if (!isObject(r)) return 'not an object'
  if (typeof r.cveID !== 'string' || !CVE.test(r.cveID)) return 'no valid cveID'
  for (const f of ['dateAdded', 'dueDate'] as const)
    if (typeof r[f] !== 'string' || !DAY.test(r[f]) || Number.isNaN(Date.parse(r[f]))) return `no valid ${f}`
  const text: Partial<Record<keyof typeof FIELDS, string>> = {}
  for (const f of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
    const v = r[f]
    if (typeof v !== 'string' || v.trim() === '' || v.length > MAX_FIELD) return `no valid ${f}`
    text[f] = v
  }
  return {
    cve: r.cveID,
    dateAdded: r.dateAdded as string,
    dueDate: r.dueDate as string,
    ...(text as Record<keyof typeof FIELDS, string>),
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

export async function ingestKev(file: string, writer: AdvisoryWriter, opts: FeedOptions): Promise<DataIngestReport> {
  const source = opts.source ?? 'kev'
  const run = new FeedIngest<KevEntry>(
    { label: 'kev', unit: 'records', batchSize: 1000, write: (b, asOf) => writer.writeKev(b, source, asOf) },
    writer,
    opts,
  )
  const text = await readText(file, run.report, { bytes: MAX_TEXT_BYTES, refusal: 'not a KEV catalogue' })
  const catalogue = parseKevCatalogue(text)
  run.report.read = catalogue.entries.length + catalogue.refused.length
  for (const r of catalogue.refused) tally(run.report.skipped, r.reason, r.example)
  for (const entry of catalogue.entries) await run.add(entry)
  return run.done([{ name: source, kind: 'kev', sourceDate: catalogue.released, records: catalogue.entries.length }])
}
