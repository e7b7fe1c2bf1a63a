// Adds the vulnerability data of data/sources (OSV advisories, EPSS, CISA's KEV catalogue, purl2cpe) to the seed
// without the network: loads the current seed into a fresh SQLite file, runs the four ingests, and exports the seed again (release
// `seed-<today>`; every other table exports exactly as before, the round trip being byte for byte).
//   node --import ./bin/register-ts.js scripts/add-vuln-data-to-seed.ts [--seed DIR] [--out DIR] [--db FILE]
// `npm run seed:build` does the same after its npm ingest (scripts/build-seed.sh).
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { SEED_DIR } from '../src/config/seed-dir.ts'
import { formatReport } from '../src/ingest/data-report.ts'
import { ingestEpss } from '../src/sources/epss/epss.ts'
import { ingestKev, SHIPPED_KEV } from '../src/sources/kev/kev.ts'
import { ingestOsv } from '../src/sources/osv/ingest-osv.ts'
import { ingestPurl2Cpe } from '../src/sources/purl2cpe/purl2cpe.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import { editSeed, log } from './seed-edit.ts'

const SOURCES = path.join(path.dirname(SEED_DIR), 'sources')
/** The purl2cpe snapshot's commit date (data/sources/README.md); the file itself carries no date. */
const PURL2CPE_DATE = '2026-08-22'

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: SEED_DIR },
    out: { type: 'string', default: SEED_DIR },
    db: { type: 'string' },
  },
})
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1)
await editSeed(values, async (storage) => {
  const writer = new SqlAdvisoryWriter(storage)
  const now = () => new Date().toISOString()
  const files = (dir: string, pattern: RegExp) =>
    readdirSync(path.join(SOURCES, dir))
      .filter((f) => pattern.test(f))
      .sort()
      .map((f) => path.join(SOURCES, dir, f))
  const epss = files('epss', /\.csv(\.gz)?$/)
  if (epss.length !== 1) throw new Error(`expected one EPSS file in ${path.join(SOURCES, 'epss')}`)
  let t = Date.now()
  log(formatReport('ingest osv', await ingestOsv(files('advisories', /\.osv\.ndjson\.gz$/), writer, { now })))
  log(`  (${seconds(t)} s)`)
  t = Date.now()
  log(formatReport('ingest epss', await ingestEpss(epss[0] as string, writer, { now })))
  log(`  (${seconds(t)} s)`)
  t = Date.now()
  log(formatReport('ingest kev', await ingestKev(path.join(SOURCES, SHIPPED_KEV), writer, { now })))
  log(`  (${seconds(t)} s)`)
  t = Date.now()
  const purl2cpe = path.join(SOURCES, 'purl2cpe', 'purl2cpe.ndjson.gz')
  log(formatReport('ingest purl2cpe', await ingestPurl2Cpe(purl2cpe, writer, { now, sourceDate: PURL2CPE_DATE })))
  log(`  (${seconds(t)} s)`)
})
