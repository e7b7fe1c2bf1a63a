// Adds the algorithms of each file (file_algorithms, docs/cryptography.md "Per file") to the seed: loads the current
// seed into a fresh SQLite file, fetches the tarball of every npm version whose crypto analysis predates the per-file
// lists (analyzer version 2) from the registry of your npm configuration, runs the crypto analyzer on it again (a
// content met in an earlier version under the same file name is not read twice) and keeps the per-file rows. The
// version's analysis moves to version 3 only when the rerun gives exactly the stored analysis (so the package-level
// answers do not change); a version whose tarball cannot be fetched, or whose rerun differs, keeps its analysis, and
// every analysis still at version 2 (the Debian upstream sources, which this machine cannot fetch) gets the rows its
// evidence names (up to 3 files per algorithm). Then exports the seed again. About 10 minutes for the 3,130 versions.
//   node --import ./bin/register-ts.js scripts/add-file-algorithms-to-seed.ts [--seed DIR] [--out DIR] [--concurrency 8]
import { parseArgs } from 'node:util'
import { SEED_DIR } from '../src/config/seed-dir.ts'
import { cryptoAnalyzerWith, scanFile } from '../src/ingest/analyzers/crypto.ts'
import type { FileEntry } from '../src/ingest/analyzers/types.ts'
import { fileAlgorithmsFromEvidence, withoutFiles, writeFileAlgorithms } from '../src/storage/file-algorithms.ts'
import { editSeed, log, walkSeedVersions } from './seed-edit.ts'

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: SEED_DIR },
    out: { type: 'string', default: SEED_DIR },
    db: { type: 'string' },
    concurrency: { type: 'string', default: '8' },
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
  log(`${versions.length} npm versions with a crypto analysis of version 2`)
  const counts = { same: 0, differs: 0, failed: 0 }
  const concurrency = Number(values.concurrency)
  counts.failed = await walkSeedVersions(versions, analyzer, concurrency, async (walked, done) => {
    for (const [v, w] of walked) {
      const output = w.outputs[analyzer.name]
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
    if (done % (concurrency * 25) === 0) log(`  ${done} of ${versions.length}: ${JSON.stringify(counts)}`)
  })
  log(`${versions.length} versions: ${JSON.stringify(counts)}`)
  log(`${await fileAlgorithmsFromEvidence(storage.db)} rows from the evidence of the analyses left at version 2`)
})
log(`file_algorithms ${manifest.tables.file_algorithms?.rows} rows`)
