// How much of a real application the KB answers, and how fast on-demand learning closes the gap (docs/kb-growth.md):
// the components of project files (package-lock.json, Cargo.lock, Cargo.toml, poetry.lock, uv.lock, pyproject.toml,
// pom.xml, gradle.lockfile,
// requirements*.txt; runtime ones, --include-dev for all; exact purls, else purl + requirement) are sent
// to the batch endpoints of a freshly seeded server with ON_DEMAND=analyze against the registry of the npm
// configuration; then the background work is drained and the components are sent again. Prints one report per pass,
// per ecosystem (bench/coverage-tally.ts), and the drain time. The server is in this process (the same app, on-demand
// port and worker as `compintel serve`).
//
//   node --import ./bin/register-ts.js bench/coverage.ts [project file…] [--include-dev] [--concurrency N] [--wait-ms N]
//     [--on-demand analyze|metadata|off]   (off: what the seed alone answers, one pass, nothing learned)
//     [--maven-repository debian]   (the Maven artifacts read from a repository on 127.0.0.1 made of Debian's real
//                                    artifacts, bench/maven-repository.ts, configured as a user does: MAVEN_SETTINGS)
//
// The DEBIAN_* settings of the environment apply (DEBIAN_SUITES, DEBIAN_APT_DIR, DEBIAN_MIRROR, …): the Debian, PyPI
// and Cargo units learn from the suites they name.

import { parseArgs } from 'node:util'
import { createRuntime } from '../src/app/runtime.ts'
import { readProjectFileAt } from '../src/cli/project-file-input.ts'
import { parseConfig } from '../src/config/config.ts'
import { ON_DEMAND_PRIORITY } from '../src/domain/kb/ingest-queue.ts'
import { PROJECT_FILE_NAMES } from '../src/domain/shared/project-components.ts'
import { buildApp } from '../src/http/app.ts'
import type { App } from '../src/http/types.ts'
import { SqlIngestQueue } from '../src/storage/ingest-queue.ts'
import { ENDPOINTS, type Endpoint, type Item, report, tally } from './coverage-tally.ts'
import { type DebianMavenRepository, debianMavenRepository } from './maven-repository.ts'
import { removeCopy, seededCopy } from './seeded-kb.ts'

type Asked = { purl: string; requirement?: string }
const BATCH = 1000
const MAX_DRAIN_MS = 15 * 60_000
/** The Debian packages read into the bench's Maven repository at most. */
const MAX_MAVEN_PACKAGES = 200

async function pass(app: App, key: string, asked: readonly Asked[]): Promise<Record<Endpoint, Item[]>> {
  const out = {} as Record<Endpoint, Item[]>
  for (const [name, url] of Object.entries(ENDPOINTS) as [Endpoint, string][]) {
    out[name] = []
    for (let i = 0; i < asked.length; i += BATCH) {
      const components = asked.slice(i, i + BATCH)
      const res = await app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: { components } })
      if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`)
      out[name].push(...(res.json().components as Item[]))
    }
  }
  return out
}

/** The distinct components of the files (runtime ones unless `dev`), each file summarised on stdout. */
function components(files: string[], dev: boolean): Asked[] {
  const byKey = new Map<string, Asked>()
  for (const file of files) {
    const read = readProjectFileAt(file)
    if (!read) throw new Error(`${file}: not a project file (${PROJECT_FILE_NAMES})`)
    const taken = read.components.filter((c) => dev || !c.dev)
    const skipped = Object.entries(read.skipped).map(([k, n]) => `${k} ${n}`)
    console.log(
      `${file}: ${read.format}, ${read.components.length} components (${read.components.length - taken.length} dev left out)${skipped.length > 0 ? `; skipped: ${skipped.join(', ')}` : ''}`,
    )
    for (const { purl, requirement } of taken)
      byKey.set(`${purl} ${requirement ?? ''}`, { purl, ...(requirement ? { requirement } : {}) })
  }
  return [...byKey.values()]
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'include-dev': { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '2' },
      'wait-ms': { type: 'string', default: '2500' },
      'on-demand': { type: 'string', default: 'analyze' },
      'maven-repository': { type: 'string' },
    },
  })
  const asked = components(positionals.length > 0 ? positionals : ['package-lock.json'], values['include-dev'])
  // where Debian's archive is and which suites it learns from (DEBIAN_SUITES=bookworm,trixie: docs/debian.md)
  const debian = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('DEBIAN_')))
  const maven = await mavenRepository(values['maven-repository'], asked, debian)
  const file = await seededCopy()
  const config = parseConfig({
    ...debian,
    ...(maven ? { MAVEN_SETTINGS: maven.settingsFile } : {}),
    DATABASE_URL: `sqlite:${file}`,
    ON_DEMAND: values['on-demand'],
    ON_DEMAND_CONCURRENCY: values.concurrency,
    ON_DEMAND_WAIT_MS: values['wait-ms'],
    ON_DEMAND_PER_KEY_PER_MINUTE: '1000000', // one caller asks for a whole application at once
    MAX_BATCH_SIZE: String(BATCH),
    MAX_EVENT_LOOP_DELAY_MS: '0',
  })
  const quiet = { info: () => {}, warn: () => {}, error: (o: object, m: string) => console.error(m, o) }
  const learning = config.growth.onDemand !== 'off'
  const runtime = await createRuntime(config, { onDemand: learning, log: quiet })
  const { storage, services, onDemand } = runtime
  const key = (await services.keys.create({ name: 'coverage', scopes: ['*'], tier: 'unlimited' })).key
  const app = await buildApp({ config, services, version: 'bench' })
  try {
    console.log(`${asked.length} distinct components; on-demand concurrency ${values.concurrency}`)
    let t = Date.now()
    const first = await pass(app, key, asked)
    console.log(report(learning ? 'first pass' : 'the seed alone', tally(asked, first), Date.now() - t))
    if (!learning) return
    const queue = new SqlIngestQueue(storage.db, storage.dialect, { owner: 'coverage', leaseSeconds: 60 })
    t = Date.now()
    while ((await queue.outstanding({ minPriority: ON_DEMAND_PRIORITY })) > 0 && Date.now() - t < MAX_DRAIN_MS)
      await new Promise((r) => setTimeout(r, 500))
    const drained = Date.now() - t
    const status = await queue.status()
    console.log(
      `drained in ${(drained / 1000).toFixed(1)} s: on-demand units ${JSON.stringify(status.onDemand)}, counts ${JSON.stringify(onDemand?.service.counts)}`,
    )
    for (const f of status.failed.slice(0, 40)) console.log(`  failed: ${f.name}: ${f.error}`)
    t = Date.now()
    const second = await pass(app, key, asked)
    console.log(report('second pass', tally(asked, second), Date.now() - t))
  } finally {
    await app.close()
    await runtime.close()
    await maven?.close()
    removeCopy(file)
  }
}

/** `--maven-repository debian`: a repository of the Maven artifacts asked, made of Debian's (bench/maven-repository.ts). */
async function mavenRepository(
  kind: string | undefined,
  asked: readonly Asked[],
  debian: Record<string, string | undefined>,
): Promise<DebianMavenRepository | undefined> {
  if (kind === undefined) return undefined
  if (kind !== 'debian')
    throw new Error(`--maven-repository: debian is the one repository the bench builds, not ${kind}`)
  const names = asked.filter((a) => a.purl.startsWith('pkg:maven/'))
  const coordinates = names.map((a) => (a.purl.slice('pkg:maven/'.length).split('@')[0] as string).replace('/', ':'))
  const { growth } = parseConfig({ ...debian, DATABASE_URL: 'sqlite::memory:' })
  const t = Date.now()
  const repo = await debianMavenRepository([...new Set(coordinates)], growth.debian, {
    maxPackages: MAX_MAVEN_PACKAGES,
    maxUnpackedBytes: growth.onDemandMaxUnpackedBytes,
  })
  console.log(`${repo.summary}\n(built in ${((Date.now() - t) / 1000).toFixed(1)} s)`)
  return repo
}

if (process.argv[1]?.endsWith('coverage.ts')) await main()
