// Adds Debian packages to the seed (docs/debian.md "In the seed"): loads the current seed into a fresh SQLite file,
// runs `compintel ingest debian` for data/seed-debian-packages.txt plus every Priority: required package, with their
// dependency closure and every version in the suite read (license, changelog), and exports the seed again.
// Needs Debian's archive (apt, with compintel's own configuration).
//   node --import ./bin/register-ts.js scripts/add-debian-to-seed.ts [--suite bookworm] [--apt-dir DIR] [--seed DIR]
//     [--out DIR] [--db FILE]
// `npm run seed:build` runs the same ingest before its export (scripts/build-seed.sh).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/config.ts'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { debianArchive } from '../src/ingest/debian/debian-units.ts'
import { ingestDebian } from '../src/ingest/debian/ingest-debian.ts'
import { SEED_DIR } from '../src/seed-dir.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
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
  const t = Date.now()
  const report = await ingestDebian({
    archive: debianArchive({ ...debian, aptDir: values['apt-dir'] ?? debian.aptDir, suites: [values.suite] }),
    writer: new SqlKbWriter(storage),
    advisories: new SqlAdvisoryWriter(storage),
    names,
    priorities: ['required'],
    withDependencies: true,
    analyze: 'all',
    // every analyzer but snippets (their fingerprints have their own budget: scripts/add-snippets-to-seed.ts)
    analyzers: DEFAULT_ANALYZERS.filter((a) => a.name !== 'snippets'),
    update: true,
    now: () => new Date().toISOString(),
    log,
  })
  log(
    `debian: ${report.written} packages, ${report.analyzed} read, ${report.advisories} changelog advisories, ` +
      `${report.failed.length} failed, not in ${values.suite}: ${report.notFound.join(' ') || 'none'} ` +
      `(${((Date.now() - t) / 1000).toFixed(0)} s)`,
  )
  for (const f of report.failed) log(`failed: ${f.name}: ${f.error}`)
})
