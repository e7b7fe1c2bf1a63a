// How much of a real application the KB answers, and how fast on-demand learning closes the gap (docs/kb-growth.md):
// the exact `pkg:npm/name@version` purls of a package-lock.json (runtime packages; --include-dev for all) are sent to
// the batch endpoints of a freshly seeded server with ON_DEMAND=analyze against the registry of the npm
// configuration; then the background work is drained and the purls are sent again. Prints one table per pass and
// the drain time. The server is in this process (the same app, on-demand port and worker as `compintel serve`).
//
//   node --import ./bin/register-ts.js bench/coverage.ts [package-lock.json] [--include-dev] [--concurrency N] [--wait-ms N]

import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { createRuntime } from '../src/app/runtime.ts'
import { parseConfig } from '../src/config/config.ts'
import { ON_DEMAND_PRIORITY } from '../src/domain/kb/ingest-queue.ts'
import { lockfilePurls } from '../src/domain/shared/project-components.ts'
import { buildApp } from '../src/http/app.ts'
import type { App } from '../src/http/types.ts'
import { SqlIngestQueue } from '../src/storage/ingest-queue.ts'
import { removeCopy, seededCopy } from './seeded-kb.ts'

const ENDPOINTS = {
  licenses: '/v2/licenses/components',
  status: '/v2/components/status/components',
  cryptography: '/v2/cryptography/algorithms/components',
  semgrep: '/v2/semgrep/issues/components',
} as const
type Tally = { answered: number; notFound: number; versionOrInfo: number; other: number }
const BATCH = 1000
const MAX_DRAIN_MS = 15 * 60_000

/** An item's codes: its own, and its component and version status's (the status endpoint nests them). */
function codes(item: Record<string, unknown>): string[] {
  const nested = ['component_status', 'version_status'].map((k) => (item[k] ?? {}) as Record<string, unknown>)
  return [item, ...nested].flatMap((o) => [o.error_code, o.info_code]).filter((c): c is string => typeof c === 'string')
}

async function pass(app: App, key: string, purls: readonly string[]): Promise<Record<string, Tally>> {
  const out: Record<string, Tally> = {}
  for (const [name, url] of Object.entries(ENDPOINTS)) {
    const t: Tally = { answered: 0, notFound: 0, versionOrInfo: 0, other: 0 }
    for (let i = 0; i < purls.length; i += BATCH) {
      const components = purls.slice(i, i + BATCH).map((purl) => ({ purl }))
      const res = await app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload: { components } })
      if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`)
      for (const item of res.json().components as Record<string, unknown>[]) {
        const c = codes(item)
        if (c.length === 0) t.answered++
        else if (c.includes('COMPONENT_NOT_FOUND')) t.notFound++
        else if (c.includes('VERSION_NOT_FOUND') || c.includes('NO_INFO')) t.versionOrInfo++
        else t.other++
      }
    }
    out[name] = t
  }
  return out
}

function table(title: string, purls: number, tallies: Record<string, Tally>, ms: number): string {
  const pct = (n: number) => `${((100 * n) / purls).toFixed(1)}%`
  const rows = Object.entries(tallies).map(
    ([name, t]) => `| ${name} | ${t.answered} (${pct(t.answered)}) | ${t.notFound} | ${t.versionOrInfo} | ${t.other} |`,
  )
  return [
    `${title} (${purls} purls, ${(ms / 1000).toFixed(1)} s)`,
    '| endpoint | answered | COMPONENT_NOT_FOUND | VERSION_NOT_FOUND / NO_INFO | other |',
    '| --- | --: | --: | --: | --: |',
    ...rows,
  ].join('\n')
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'include-dev': { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '2' },
      'wait-ms': { type: 'string', default: '2500' },
    },
  })
  const lockfile = positionals[0] ?? 'package-lock.json'
  const purls = lockfilePurls(JSON.parse(readFileSync(lockfile, 'utf8')), values['include-dev'])
  const file = await seededCopy()
  const config = parseConfig({
    DATABASE_URL: `sqlite:${file}`,
    ON_DEMAND: 'analyze',
    ON_DEMAND_CONCURRENCY: values.concurrency,
    ON_DEMAND_WAIT_MS: values['wait-ms'],
    ON_DEMAND_PER_KEY_PER_MINUTE: '1000000', // one caller asks for a whole application at once
    MAX_BATCH_SIZE: String(BATCH),
    MAX_EVENT_LOOP_DELAY_MS: '0',
  })
  const quiet = { info: () => {}, warn: () => {}, error: (o: object, m: string) => console.error(m, o) }
  const runtime = await createRuntime(config, { onDemand: true, log: quiet })
  const { storage, services, onDemand } = runtime
  const key = (await services.keys.create({ name: 'coverage', scopes: ['*'], tier: 'unlimited' })).key
  const app = await buildApp({ config, services, version: 'bench' })
  try {
    console.log(`${lockfile}: ${purls.length} distinct exact purls; on-demand concurrency ${values.concurrency}`)
    let t = Date.now()
    const first = await pass(app, key, purls)
    console.log(table('first pass', purls.length, first, Date.now() - t))
    const queue = new SqlIngestQueue(storage.db, storage.dialect, { owner: 'coverage', leaseSeconds: 60 })
    t = Date.now()
    while ((await queue.outstanding({ minPriority: ON_DEMAND_PRIORITY })) > 0 && Date.now() - t < MAX_DRAIN_MS)
      await new Promise((r) => setTimeout(r, 500))
    const drained = Date.now() - t
    const status = await queue.status()
    console.log(
      `drained in ${(drained / 1000).toFixed(1)} s: on-demand units ${JSON.stringify(status.onDemand)}, counts ${JSON.stringify(onDemand?.service.counts)}`,
    )
    for (const f of status.failed.slice(0, 10)) console.log(`  failed: ${f.name}: ${f.error}`)
    t = Date.now()
    const second = await pass(app, key, purls)
    console.log(table('second pass', purls.length, second, Date.now() - t))
  } finally {
    await app.close()
    await runtime.close()
    removeCopy(file)
  }
}

if (process.argv[1]?.endsWith('coverage.ts')) await main()
