// The real check of issue 22: every Debian package installed on this machine (dpkg-query), as the purls a container
// scan reports (pkg:deb/debian/<name>@<version>?arch=<arch>&distro=debian-<n>), sent as one batch to the licenses and
// vulnerabilities endpoints of a KB that `compintel ingest debian --installed` filled (archive indexes through the
// private apt configuration, plus this machine's dpkg database and /usr/share/doc). Reports how many are known (at
// their exact version), have licenses, have vulnerabilities, have an origin from their changelogs, and the times. With
// --on-demand, the same purls are asked of a server learning on demand instead (bench/debian-on-demand.ts): the time
// until every package is known, and until every analysis ended. Needs the archive (apt) and a Debian machine. Run:
//   node --import ./bin/register-ts.js bench/debian-installed.ts [--apt-dir DIR] [--no-update]
//   node --import ./bin/register-ts.js bench/debian-installed.ts --on-demand [--seeded] [--concurrency N]
//     [--max-seconds N] [--apt-dir DIR]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parseConfig } from '../src/config/config.ts'
import { buildApp } from '../src/http/app.ts'
import { AptArchive } from '../src/sources/debian/apt.ts'
import { ingestDebian } from '../src/sources/debian/ingest-debian.ts'
import { readInstalled } from '../src/sources/debian/installed.ts'
import { debianMirrors } from '../src/sources/debian/mirror.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import { SqlOriginWriter } from '../src/storage/geo-store.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { onDemandBench } from './debian-on-demand.ts'
import { installedPurls } from './installed-purls.ts'
import { benchServices } from './seeded-kb.ts'

const { values } = parseArgs({
  options: {
    'apt-dir': { type: 'string' },
    'no-update': { type: 'boolean' },
    'on-demand': { type: 'boolean' },
    seeded: { type: 'boolean' },
    concurrency: { type: 'string', default: '2' },
    'max-seconds': { type: 'string', default: '1800' },
  },
})
const aptDir =
  values['apt-dir'] ?? path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'compintel-apt')
const codename = /^VERSION_CODENAME=(\w+)/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? 'bookworm'

const dir = mkdtempSync(path.join(tmpdir(), 'compintel-debian-check-'))
const purls = installedPurls()
if (values['on-demand']) {
  await onDemandBench({
    purls,
    aptDir,
    dir,
    seeded: !!values.seeded,
    concurrency: values.concurrency,
    maxSeconds: Number(values['max-seconds']),
  })
  process.exit(0)
}
const config = parseConfig({
  DATABASE_URL: `sqlite:${path.join(dir, 'kb.sqlite')}`,
  SEED_DIR: 'none',
  RATE_LIMIT_PER_MINUTE: '100000000',
  MAX_EVENT_LOOP_DELAY_MS: '0',
})
const { storage, services, key } = await benchServices(config)
try {
  const installed = readInstalled()
  const t0 = performance.now()
  const report = await ingestDebian({
    archive: new AptArchive({ dir: aptDir, suites: [codename], mirrors: debianMirrors() }),
    writer: new SqlKbWriter(storage),
    advisories: new SqlAdvisoryWriter(storage),
    origins: new SqlOriginWriter(storage.db),
    names: installed.records.map((r) => r.name),
    installed,
    withDependencies: false,
    analyze: 'none',
    update: !values['no-update'],
    now: () => new Date().toISOString(),
    log: () => {},
  })
  const ingestSeconds = (performance.now() - t0) / 1000
  const app = await buildApp({ config, services, version: 'bench' })
  const ask = async (url: string) => {
    const t = performance.now()
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': key },
      payload: { components: purls.map((purl) => ({ purl })) },
    })
    const body = res.json()
    return {
      ms: performance.now() - t,
      answers: (body.components ?? body.components_locations) as Record<string, unknown>[],
    }
  }
  const licenses = await ask('/v2/licenses/components')
  const vulns = await ask('/v2/vulnerabilities/components')
  // the first origin batch tabulates each month's zone offsets once per process (docs/geoprovenance-origin.md)
  const origins = await ask('/v2/geoprovenance/origin/components')
  const originsAgain = await ask('/v2/geoprovenance/origin/components')
  const code = (c: Record<string, unknown>) => String(c.error_code ?? c.info_code ?? 'SUCCESS')
  const count = (list: Record<string, unknown>[], ok: (c: Record<string, unknown>) => boolean) => list.filter(ok).length
  const pct = (n: number) => `${n} (${((100 * n) / purls.length).toFixed(1)}%)`
  const exact = count(licenses.answers, (c) => !['COMPONENT_NOT_FOUND', 'VERSION_NOT_FOUND'].includes(code(c)))
  console.table({
    installed: { value: String(purls.length) },
    'ingest (indexes + dpkg database + docs), s': { value: ingestSeconds.toFixed(1) },
    'changelog advisories written': { value: String(report.advisories) },
    'known (component)': { value: pct(count(licenses.answers, (c) => code(c) !== 'COMPONENT_NOT_FOUND')) },
    'known at the exact version': { value: pct(exact) },
    'with licenses': { value: pct(count(licenses.answers, (c) => ((c.licenses as unknown[]) ?? []).length > 0)) },
    'with vulnerabilities': {
      value: pct(count(vulns.answers, (c) => ((c.vulnerabilities as unknown[]) ?? []).length > 0)),
    },
    'with an origin (changelog trailers)': {
      value: pct(count(origins.answers, (c) => ((c.locations as unknown[]) ?? []).length > 0)),
    },
    'licenses batch, ms': { value: licenses.ms.toFixed(0) },
    'vulnerabilities batch, ms': { value: vulns.ms.toFixed(0) },
    'origin batch (first, then again), ms': { value: `${origins.ms.toFixed(0)}, ${originsAgain.ms.toFixed(0)}` },
  })
  const unknown = licenses.answers.filter((c) => code(c) === 'COMPONENT_NOT_FOUND').map((c) => c.purl)
  if (unknown.length > 0) console.log(`not known: ${unknown.join(' ')}`)
  await app.close()
} finally {
  await storage.close()
  rmSync(dir, { recursive: true, force: true })
}
