// What the engine-scan benches (scan-accuracy.ts, scan-speed.ts; docs/benchmarks.md) index and how they post: a
// deterministic choice of seed packages whose latest versions have JS/TS/C sources, their real tarballs
// (tarball-cache.ts) walked through the real `snippets` analyzer into a bench's private KB copy with the index writer
// the KB writer uses (contents the KB already indexes are skipped), the index's size, and WFP posts to
// POST /scan/direct over HTTP, multipart as the clients send them.
import { createReadStream } from 'node:fs'
import { sql } from 'kysely'
import { snippetsAnalyzer } from '../src/ingest/analyzers/snippets.ts'
import type { Analyzer } from '../src/ingest/analyzers/types.ts'
import { walkTarball } from '../src/ingest/tarball-walk.ts'
import type { Storage } from '../src/storage/database.ts'
import { writeSnippetContents } from '../src/storage/snippet-index.ts'
import { cachedTarball } from './tarball-cache.ts'

/** A seeded xorshift32: the same seed, the same choices. */
export function prng(seed: number): { next(): number; int(below: number): number } {
  let s = seed >>> 0 || 0x9e3779b9
  const next = () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 2 ** 32
  }
  return { next, int: (below) => Math.floor(next() * below) }
}

export interface Picked {
  purl: string
  /** The npm name, scope included. */
  name: string
  version: string
  /** The paths and contents of its source files (JS/TS/C), for the cases. */
  sources: { path: string; md5: string; content: Buffer }[]
}

const SOURCE_EXT = /\.(?:[cm]?js|jsx|[cm]?ts|tsx|c|h|cc|cpp|hpp)$/

/**
 * `count` seed npm packages (the tarballs come from the npm registry; the seed's Debian components are left out),
 * chosen by a seeded shuffle among those whose latest version is analyzed, holds
 * JavaScript, TypeScript or C (a tenth from the C and C++ ones) and unpacks to 20 KB–8 MB; their latest tarballs are
 * indexed for snippets into `storage` (a private copy). Returns them with their sources, and the index's totals.
 */
export async function indexSeedPackages(storage: Storage, count: number, seed = 1, log = (_: string) => {}) {
  const rows = await sql<{ purl: string; name: string; version: string; stats: string; bytes: number }>`
  select c.purl as purl, c.purl_name as name, v.version as version, a.output as stats,
  (select sum(f.size) from version_files f where f.version_id = v.id) as bytes
  from components c join versions v on v.component_id = c.id and v.version = c.latest_version
  join analyses a on a.version_id = v.id and a.analyzer = 'code-stats'
  where c.purl_type = 'npm' order by c.purl`.execute(storage.db)
  const langs = (r: { stats: string }) => (JSON.parse(r.stats).languages as { name: string }[]).map((l) => l.name)
  const fit = rows.rows.filter((r) => Number(r.bytes) >= 20_000 && Number(r.bytes) <= 8_000_000)
  const isC = (r: { stats: string }) => langs(r).some((l) => l === 'C' || l === 'C++')
  const rng = prng(seed)
  const shuffle = <T>(xs: T[]) =>
    xs
      .map((x) => ({ x, k: rng.next() }))
      .sort((a, b) => a.k - b.k)
      .map((e) => e.x)
  const c = shuffle(fit.filter(isC)).slice(0, Math.ceil(count / 10))
  const js = shuffle(fit.filter((r) => !isC(r) && langs(r).some((l) => l === 'JavaScript' || l === 'TypeScript')))
  const chosen = [...c, ...js.slice(0, count - c.length)]

  const collect: Analyzer<Picked['sources']> = {
    name: 'bench-sources',
    version: '0',
    start() {
      const out: Picked['sources'] = []
      return {
        file: (e) => void (e.content && SOURCE_EXT.test(e.path) && out.push({ ...e, content: e.content })),
        finish: () => out,
      }
    },
  }
  const picked: Picked[] = []
  const shipped = await indexTotals(storage)
  const started = performance.now()
  let sourceBytes = 0
  for (const r of chosen) {
    const file = await cachedTarball(r.name, r.version)
    const walked = await walkTarball(createReadStream(file), [snippetsAnalyzer, collect])
    const output = walked.outputs.snippets as { contents: { fingerprints: unknown[] }[] }
    await storage.db.transaction().execute((trx) => writeSnippetContents(trx, output))
    const sources = walked.outputs['bench-sources'] as Picked['sources']
    sourceBytes += walked.bytes
    picked.push({ purl: r.purl, name: r.name, version: r.version, sources })
  }
  const totals = await indexTotals(storage)
  log(
    `indexed ${picked.length} seed packages (latest versions, ${(sourceBytes / 1e6).toFixed(1)} MB unpacked) in ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s: the index holds ${totals.contents} contents and ` +
      `${totals.rows} fingerprint rows (the seed's own: ${shipped.contents} and ${shipped.rows})`,
  )
  return { picked, totals }
}

/** The snippet index's rows and its bytes on SQLite (dbstat: the tables and their indexes). */
export async function indexTotals(storage: Storage): Promise<{ contents: number; rows: number; bytes: number }> {
  const n = async (table: string) =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(storage.db)).rows[0]?.n)
  const size = await sql<{ bytes: number }>`select sum(pgsize) as bytes from dbstat
  where name in (select name from sqlite_master where tbl_name like 'snippet%')`.execute(storage.db)
  return {
    contents: await n('snippet_contents'),
    rows: await n('snippet_hashes'),
    bytes: Number(size.rows[0]?.bytes ?? 0),
  }
}

/** WFPs packed into posts of at most `max` bytes, as scanoss-py packs them (a file's WFP is never split). */
export function packPosts(wfps: readonly string[], max = 64 * 1024): string[] {
  const posts: string[] = []
  let current = ''
  for (const w of wfps) {
    if (current && current.length + w.length > max) {
      posts.push(current)
      current = ''
    }
    current += w
  }
  if (current) posts.push(current)
  return posts
}

/** The content of `path` in name@version's real tarball (cached), or undefined. */
export async function fileInPackage(name: string, version: string, path: string): Promise<Buffer | undefined> {
  const one: Analyzer<Buffer | undefined> = {
    name: 'one-file',
    version: '0',
    start() {
      let found: Buffer | undefined
      return {
        file(e) {
          if (e.path === path) found = e.content
        },
        finish: () => found,
      }
    },
  }
  const walked = await walkTarball(createReadStream(await cachedTarball(name, version)), [one])
  return walked.outputs['one-file'] as Buffer | undefined
}

export type Match = {
  id: string
  purl?: string[]
  lines?: string
  oss_lines?: string
  file_hash?: string
  file?: string
  version?: string
}

/** One POST /scan/direct of a WFP, multipart as the clients send it, over HTTP. */
export async function postWfp(url: string, key: string, wfp: string): Promise<Record<string, Match[]>> {
  const form = new FormData()
  form.append('file', new Blob([wfp]), 'request.wfp')
  const res = await fetch(`${url}/scan/direct`, { method: 'POST', body: form, headers: { 'x-api-key': key } })
  if (!res.ok) throw new Error(`POST /scan/direct: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`)
  return (await res.json()) as Record<string, Match[]>
}
