// OSV records from any of the forms OSV data comes in, one record at a time: NDJSON (optionally gzipped, one
// record a line), a single JSON file (one record, or an array of records), a directory tree of such files (as
// OSV's per-ecosystem exports unpack), or a zip of *.json record files (OSV's per-ecosystem all.zip).
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { type ByteCounter, readLines, readText, startsWith } from '../../ingest/text-input.ts'
import { zipEntries } from '../../ingest/zip.ts'

export type OsvItem = { origin: string; raw: unknown } | { origin: string; error: string }

const LINES = /\.(ndjson|jsonl)(\.gz)?$/i
const JSON_FILE = /\.json(\.gz)?$/i
/**
 * A .json file is held whole before it is parsed, so its text is bounded (gunzipped bytes, counted as they arrive):
 * the same 64 MB as a zip's record file (ingest/zip.ts). Measured on the sources shipped in data/sources/advisories
 * (31,569 records): the longest record is 35,057 bytes, and all 22,296 records of the largest source are 33,696,014
 * bytes, so a whole source as one array fits about twice over. Larger collections come as NDJSON or a zip, which are
 * read a record at a time.
 */
const MAX_JSON_BYTES = 64 * 1024 * 1024
const TOO_LARGE = 'too large for one OSV JSON document (NDJSON and zips are read a record at a time)'

export async function* readOsv(input: string, counter: ByteCounter): AsyncGenerator<OsvItem> {
  const stat = statSync(input)
  if (stat.isDirectory()) {
    for (const file of walk(input)) yield* readFile(file, counter)
  } else yield* readFile(input, counter)
}

async function* readFile(file: string, counter: ByteCounter): AsyncGenerator<OsvItem> {
  if (isZip(file)) {
    for await (const e of zipEntries(file, (n) => JSON_FILE.test(n), counter)) {
      const origin = `${file}!${e.name}`
      yield* 'error' in e ? [{ origin, error: e.error }] : parseDocument(e.text, origin)
    }
  } else if (JSON_FILE.test(file) && !LINES.test(file)) {
    yield* parseDocument(await readText(file, counter, { bytes: MAX_JSON_BYTES, refusal: TOO_LARGE }), file)
  } else {
    let n = 0
    for await (const line of readLines(file, counter)) {
      n++
      if (line.trim() === '') continue
      yield parseLine(line, `${file}:${n}`)
    }
  }
}

function parseLine(text: string, origin: string): OsvItem {
  try {
    return { origin, raw: JSON.parse(text) }
  } catch (err) {
    return { origin, error: `invalid JSON (${(err as Error).message})` }
  }
}

function parseDocument(text: string, origin: string): OsvItem[] {
  const item = parseLine(text, origin)
  if ('error' in item || !Array.isArray(item.raw)) return [item]
  return item.raw.map((raw, i) => ({ origin: `${origin}[${i}]`, raw }))
}

/** Files with OSV records under a directory, in a stable (sorted) order. */
function walk(dir: string): string[] {
  const out: string[] = []
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))
  for (const e of entries) {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) out.push(...walk(full))
    else if (e.isFile() && (LINES.test(e.name) || JSON_FILE.test(e.name))) out.push(full)
  }
  return out
}

/** A zip by its name or its first bytes (`PK\x03\x04`). */
function isZip(file: string): boolean {
  return /\.zip$/i.test(file) || startsWith(file, [0x50, 0x4b, 0x03, 0x04])
}

/** The default source name of an input: its file name without extensions (`all.zip` → its folder's name). */
export function sourceStem(input: string): string {
  const base = path.basename(path.resolve(input))
  const stem = base.replace(/(\.(gz|zip|ndjson|jsonl|json|osv))+$/i, '') || base
  if (stem.toLowerCase() !== 'all') return stem
  const parent = path.basename(path.dirname(path.resolve(input)))
  return parent && parent !== path.sep ? parent : stem
}
