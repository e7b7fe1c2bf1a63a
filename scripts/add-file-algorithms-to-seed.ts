// Adds the algorithms of each file (file_algorithms, docs/cryptography.md "Per file") to the seed: loads the current
// seed into a fresh SQLite file, fetches the tarball of every npm version whose crypto analysis predates the per-file
// lists (analyzer version 2) from the registry of your npm configuration, runs the crypto analyzer on it again and
// keeps the per-file rows. Versions share most of their files: only a set of versions that holds every distinct
// (content, file name) is fetched, and every version is then summed up from its file list and those findings. The version's analysis moves to version 3 only when the rerun gives exactly the stored
// analysis (so the package-level answers do not change); a version whose tarball cannot be fetched, or whose rerun
// differs, keeps its analysis, and every analysis still at version 2 (the Debian upstream sources, which this
// machine cannot fetch) gets the rows its evidence names (up to 3 files per algorithm). Then exports the seed again.
//   node --import ./bin/register-ts.js scripts/add-file-algorithms-to-seed.ts [--seed DIR] [--out DIR] [--concurrency 6]
import { parseArgs } from 'node:util'
import { cryptoAnalyzerWith, scanFile } from '../src/ingest/analyzers/crypto.ts'
import type { FileEntry } from '../src/ingest/analyzers/types.ts'
import { RegistryClient } from '../src/ingest/npm/registry-client.ts'
import { walkTarball } from '../src/ingest/tarball-walk.ts'
import { SEED_DIR } from '../src/seed-dir.ts'
import { fileAlgorithmsFromEvidence, withoutFiles, writeFileAlgorithms } from '../src/storage/file-algorithms.ts'
import { editSeed, log } from './seed-edit.ts'

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: SEED_DIR },
    out: { type: 'string', default: SEED_DIR },
    db: { type: 'string' },
    concurrency: { type: 'string', default: '6' },
  },
})

// a content's findings depend on its bytes and its name (its language; the root package.json is read as the manifest)
const keyOf = (e: { md5: string; path: string }) =>
  `${e.md5}\t${e.path === 'package.json' ? e.path : e.path.slice(e.path.lastIndexOf('/') + 1)}`
const seen = new Map<string, ReturnType<typeof scanFile>>()
const analyzer = cryptoAnalyzerWith((e: FileEntry) => {
  const key = keyOf(e)
  if (!seen.has(key)) seen.set(key, scanFile(e))
  return seen.get(key)
})

/** A few versions holding every (content, name) of all of them: the greedy set cover, largest gain first. */
function cover(files: ReadonlyMap<number, string[]>): number[] {
  const covered = new Set<string>()
  const gain = (id: number) => (files.get(id) ?? []).filter((k) => !covered.has(k)).length
  const heap = [...files.keys()].map((id) => ({ id, gain: gain(id) })).sort((a, b) => b.gain - a.gain)
  const chosen: number[] = []
  while (heap.length > 0) {
    const top = heap.shift() as { id: number; gain: number }
    top.gain = gain(top.id)
    if (top.gain === 0) continue
    if (heap.length > 0 && top.gain < (heap[0] as { gain: number }).gain) {
      // gains only shrink: put it back where it now belongs
      const at = heap.findIndex((h) => h.gain <= top.gain)
      heap.splice(at === -1 ? heap.length : at, 0, top)
      continue
    }
    chosen.push(top.id)
    for (const k of files.get(top.id) ?? []) covered.add(k)
  }
  return chosen
}

const manifest = await editSeed(values, async (storage) => {
  const versions = await storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .innerJoin('analyses as a', (j) => j.onRef('a.version_id', '=', 'v.id').on('a.analyzer', '=', 'crypto'))
    .where('c.purl_type', '=', 'npm')
    .where('a.analyzer_version', '=', '2')
    .select(['v.id', 'c.purl', 'c.name', 'c.namespace', 'v.version', 'v.integrity', 'a.output'])
    .orderBy('c.purl')
    .orderBy('v.id')
    .execute()
  const filesOf = new Map<number, { path: string; md5: string; size: number }[]>()
  for (const v of versions) filesOf.set(v.id, [])
  for (const f of await storage.db
    .selectFrom('version_files')
    .select(['version_id', 'path', 'md5', 'size'])
    .where('version_id', 'in', [...filesOf.keys()])
    .execute())
    filesOf.get(f.version_id)?.push(f)
  const keys = new Map(versions.map((v) => [v.id, [...new Set((filesOf.get(v.id) ?? []).map(keyOf))]]))
  const chosen = new Set(cover(keys))
  log(`${versions.length} npm versions with a crypto analysis of version 2; ${chosen.size} of them hold every content`)
  const registry = new RegistryClient()
  const packuments = new Map<string, ReturnType<typeof registry.packument>>()
  const name = (v: (typeof versions)[number]) => (v.namespace ? `${v.namespace}/${v.name}` : v.name)
  const tarballUrl = async (v: (typeof versions)[number]) => {
    const n = name(v)
    if (!packuments.has(n)) packuments.set(n, registry.packument(n))
    return (await packuments.get(n))?.versions?.[v.version]?.dist?.tarball
  }
  const walks = { walked: 0, failed: 0 }
  const concurrency = Number(values.concurrency)
  const toWalk = versions.filter((v) => chosen.has(v.id))
  for (let i = 0; i < toWalk.length; i += concurrency) {
    await Promise.all(
      toWalk.slice(i, i + concurrency).map(async (v) =>
        registry
          .withTarball(
            { name: name(v), version: v.version, integrity: v.integrity ?? undefined, url: await tarballUrl(v) },
            (s) => walkTarball(s, [analyzer]),
          )
          .then(() => walks.walked++)
          .catch((err: Error) => {
            walks.failed++
            log(`  ${v.purl}@${v.version}: ${err.message}`)
          }),
      ),
    )
    if (i % (concurrency * 25) === 0) log(`  walked ${i} of ${toWalk.length}: ${JSON.stringify(walks)}`)
  }
  // every version again, from the findings of its contents (its file list gives each path's content)
  const counts = { same: 0, differs: 0, unknown: 0 }
  for (const v of versions) {
    const files = filesOf.get(v.id) ?? []
    if (files.some((f) => !seen.has(keyOf(f)))) {
      counts.unknown++
      continue
    }
    const run = analyzer.start()
    for (const f of files) run.file({ ...f, crc64: { hi: 0, lo: 0 }, content: undefined })
    const output = run.finish()
    if (JSON.stringify(withoutFiles(output)) !== v.output) {
      counts.differs++
      log(`  ${v.purl}@${v.version}: the rerun differs from the stored analysis; kept at version 2`)
      continue
    }
    counts.same++
    await storage.db.transaction().execute(async (trx) => {
      await writeFileAlgorithms(trx, output)
      await trx
        .updateTable('analyses')
        .set({ analyzer_version: analyzer.version })
        .where('version_id', '=', v.id)
        .where('analyzer', '=', analyzer.name)
        .execute()
    })
  }
  log(`${versions.length} versions: ${JSON.stringify(counts)}`)
  log(`${await fileAlgorithmsFromEvidence(storage.db)} rows from the evidence of the analyses left at version 2`)
})
log(`file_algorithms ${manifest.tables.file_algorithms?.rows} rows`)
