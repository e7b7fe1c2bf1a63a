// Adds Debian packages to the seed (docs/debian.md "In the seed"): loads the current seed into a fresh SQLite file,
// runs `compintel ingest debian` for data/seed-debian-packages.txt plus every Priority: required package, with their
// dependency closure and every version in the suite read (license, changelog, origin, installed tree), then the
// listed packages' newest versions with their upstream sources, and exports the seed again.
// Needs Debian's archive (apt, with compintel's own configuration).
//   node --import ./bin/register-ts.js scripts/add-debian-to-seed.ts [--suite bookworm] [--apt-dir DIR] [--seed DIR]
//     [--out DIR] [--db FILE]
// `npm run seed:build` runs the same ingest before its export (scripts/build-seed.sh).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/config/config.ts'
import { SEED_DIR } from '../src/config/seed-dir.ts'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { debianArchive } from '../src/sources/debian/debian-units.ts'
import { type DebianIngestReport, ingestDebian } from '../src/sources/debian/ingest-debian.ts'
import { splitAnalyzers } from '../src/sources/debian/source-tree.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import type { Storage } from '../src/storage/database.ts'
import { SqlOriginWriter } from '../src/storage/geo-store.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { editSeed, log } from './seed-edit.ts'

const LIST = path.join(path.dirname(SEED_DIR), 'seed-debian-packages.txt')
const { values } = parseArgs({
  options: {
    suite: { type: 'string', default: 'bookworm' },
    'apt-dir': { type: 'string' },
    seed: { type: 'string', default: SEED_DIR },
    out: { type: 'string', default: SEED_DIR },
    db: { type: 'string' },
  },
})
const debian = loadConfig().growth.debian // DEBIAN_APT_DIR and the mirrors, as every Debian ingest reads them
await editSeed(values, async (storage) => {
  const names = readFileSync(LIST, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
  const archive = debianArchive({ ...debian, aptDir: values['apt-dir'] ?? debian.aptDir, suites: [values.suite] })
  const common = {
    archive,
    writer: new SqlKbWriter(storage),
    advisories: new SqlAdvisoryWriter(storage),
    origins: new SqlOriginWriter(storage.db),
    now: () => new Date().toISOString(),
    log,
  }
  // every analyzer but snippets (their fingerprints have their own budget: scripts/add-snippets-to-seed.ts)
  const analyzers = DEFAULT_ANALYZERS.filter((a) => a.name !== 'snippets')
  await clearSourceAnalyses(storage)
  const t = Date.now()
  // 1. the listed packages, the base ones and their closure: every version's metadata, license, changelog and
  // installed tree
  const all = await ingestDebian({
    ...common,
    names,
    priorities: ['required'],
    withDependencies: true,
    analyze: 'all',
    analyzers: splitAnalyzers(analyzers).installed,
    update: true,
  })
  report('installed trees', all, t)
  // 2. the listed packages' newest versions again, with their upstream sources (statistics, cryptography, issues)
  const t2 = Date.now()
  report(
    'upstream sources',
    await ingestDebian({ ...common, names, withDependencies: false, analyze: 'latest', analyzers, update: false }),
    t2,
  )
})

function report(what: string, r: DebianIngestReport, since: number): void {
  log(
    `debian (${what}): ${r.written} packages, ${r.analyzed} read, ${r.advisories} changelog advisories, ` +
      `${r.origins} origins, ${r.failed.length} failed, not in ${values.suite}: ${r.notFound.join(' ') || 'none'} ` +
      `(${((Date.now() - since) / 1000).toFixed(0)} s)`,
  )
  for (const f of r.failed) log(`failed: ${f.name}: ${f.error}`)
}

/**
 * The Debian part is rebuilt: the outputs of the analyzers that read the upstream source are cleared from Debian
 * versions first (with the licenses found in files), so a version keeps them only when this run reads its source
 * again; a build before the upstream sources were read ran them over the installed tree.
 */
async function clearSourceAnalyses(storage: Storage): Promise<void> {
  const debVersions = storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select('v.id')
    .where('c.purl_type', '=', 'deb')
  const names = splitAnalyzers(DEFAULT_ANALYZERS).source.map((a) => a.name)
  const cleared = await storage.db
    .deleteFrom('analyses')
    .where('analyzer', 'in', names)
    .where('version_id', 'in', debVersions)
    .executeTakeFirst()
  await storage.db
    .deleteFrom('version_licenses')
    .where('kind', '=', 'detected')
    .where('version_id', 'in', debVersions)
    .execute()
  log(`debian: ${cleared.numDeletedRows} earlier outputs of ${names.join(', ')} cleared`)
}
