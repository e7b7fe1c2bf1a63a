// Adds snippet fingerprints (the `snippets` analyzer, docs/scanning.md) to the seed within a size budget: loads the
// current seed into a fresh SQLite file, fetches the tarballs of its analyzed versions from the registry of your npm
// configuration, most popular components first and each component's latest version before its older ones, indexes
// their fingerprints until the snippet tables would pass the budget, and exports the seed again (versions that have
// fingerprints already are kept and counted). Every other table exports as before; versions left out get their
// fingerprints when a later ingest walks them.
//   node --import ./bin/register-ts.js scripts/add-snippets-to-seed.ts [--budget-mb 8] [--seed DIR] [--out DIR]
import { parseArgs } from 'node:util'
import { SEED_DIR } from '../src/config/seed-dir.ts'
import { snippetsAnalyzer } from '../src/ingest/analyzers/snippets.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { editSeed, log, walkSeedVersions } from './seed-edit.ts'

/** Compressed bytes one index row takes in the seed (6.5 measured on the 2026-11-26 export; data/README.md). */
const BYTES_PER_ROW = 7

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: SEED_DIR },
    out: { type: 'string', default: SEED_DIR },
    db: { type: 'string' },
    'budget-mb': { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '6' },
  },
})
const budgetRows = Math.floor((Number(values['budget-mb']) * 1024 * 1024) / BYTES_PER_ROW)
const manifest = await editSeed(values, async (storage) => {
  const versions = await storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .innerJoin('analyses as a', (j) => j.onRef('a.version_id', '=', 'v.id').on('a.analyzer', '=', 'files'))
    .where('c.purl_type', '=', 'npm') // the Debian versions' files come from archives this script does not fetch
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('analyses as s')
            .select('s.version_id')
            .whereRef('s.version_id', '=', 'v.id')
            .where('s.analyzer', '=', 'snippets'),
        ),
      ),
    )
    .select(['c.purl', 'c.name', 'c.namespace', 'v.version', 'v.integrity', 'c.latest_version', 'c.popularity'])
    .execute()
  const latest = (v: (typeof versions)[number]) => (v.version === v.latest_version ? 0 : 1)
  versions.sort(
    (a, b) =>
      latest(a) - latest(b) ||
      (b.popularity ?? 0) - (a.popularity ?? 0) ||
      (a.purl < b.purl ? -1 : a.purl > b.purl ? 1 : 0),
  )
  log(
    `${versions.length} analyzed versions without fingerprints; budget ${values['budget-mb']} MB ≈ ${budgetRows} index rows`,
  )
  const writer = new SqlKbWriter(storage)
  const rows = async () =>
    Number(
      (
        await storage.db
          .selectFrom('snippet_hashes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  let done = 0
  const concurrency = Number(values.concurrency)
  const failed = await walkSeedVersions(
    versions,
    snippetsAnalyzer,
    concurrency,
    async (walked, walkedSoFar) => {
      for (const [v, w] of walked) {
        const output = w.outputs[snippetsAnalyzer.name]
        const analysis = { analyzer: snippetsAnalyzer.name, analyzerVersion: snippetsAnalyzer.version, output }
        const asOf = new Date().toISOString()
        await writer.writeAnalyses(v.purl, [
          { version: v.version, asOf, files: w.files, outputs: [analysis], detectedLicenses: [] },
        ])
        done++
      }
      if (walkedSoFar % (concurrency * 20) === 0) log(`  ${done} versions, ${await rows()} index rows`)
    },
    async () => (await rows()) < budgetRows,
  )
  log(`indexed ${done} of ${versions.length} versions (${failed} failed): ${await rows()} index rows`)
})
log(
  `snippet_contents ${manifest.tables.snippet_contents?.rows}, snippet_hashes ${manifest.tables.snippet_hashes?.rows}`,
)
