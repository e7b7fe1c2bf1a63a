// The on-demand half of bench/debian-installed.ts (`--on-demand`): every Debian package installed on this machine
// asked at once, as a container scan's purls, of a server learning on demand (ON_DEMAND=analyze) over an empty KB (or
// the seeded one, `--seeded`), its worker reading the real archive through the private apt folder. Reports how long
// until every package asked is known (every unit of the phase `known` ended: versions, licenses, changelog CVEs) and
// until every analysis ended, with the licenses answered at each point, the units that failed, and the process's
// peak RSS. A unit that names no phase (before issue 36) counts as both.
import { rmSync } from 'node:fs'
import { createRuntime } from '../src/app/runtime.ts'
import { parseConfig } from '../src/config/config.ts'
import { buildApp } from '../src/http/app.ts'
import type { App } from '../src/http/types.ts'
import { removeCopy, seededCopy } from './seeded-kb.ts'

export interface OnDemandBench {
  purls: string[]
  aptDir: string
  dir: string
  seeded: boolean
  concurrency: string
  /** Stop waiting after this long (seconds) and report what was done by then. */
  maxSeconds: number
}

interface PhaseCounts {
  open: number
  done: number
  failed: number
}

export async function onDemandBench(o: OnDemandBench): Promise<void> {
  const file = o.seeded ? await seededCopy() : `${o.dir}/kb.sqlite`
  const config = parseConfig({
    DATABASE_URL: `sqlite:${file}`,
    ...(o.seeded ? {} : { SEED_DIR: 'none' }),
    ON_DEMAND: 'analyze',
    ON_DEMAND_CONCURRENCY: o.concurrency,
    ON_DEMAND_WAIT_MS: '0',
    ON_DEMAND_PER_KEY_PER_MINUTE: '1000000', // one caller asks for a whole container at once
    DEBIAN_APT_DIR: o.aptDir,
    RATE_LIMIT_PER_MINUTE: '100000000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  })
  const runtime = await createRuntime(config, { onDemand: true }) // its log is silent: failures are counted below
  const { storage, services } = runtime
  const key = (await services.keys.create({ name: 'bench', scopes: ['*'], tier: 'unlimited' })).key
  const app = await buildApp({ config, services, version: 'bench' })
  let peakRss = 0
  const rss = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
  }, 1000)
  const phases = async () => {
    const rows = await storage.db.selectFrom('ingest_queue').select(['options', 'state']).execute()
    const out = { known: { open: 0, done: 0, failed: 0 }, analysis: { open: 0, done: 0, failed: 0 } }
    for (const r of rows) {
      const phase = (JSON.parse(r.options) as { phase?: string }).phase
      const counts: PhaseCounts[] =
        phase === 'analysis' ? [out.analysis] : phase ? [out.known] : [out.known, out.analysis]
      for (const c of counts) c[r.state === 'done' ? 'done' : r.state === 'failed' ? 'failed' : 'open']++
    }
    return out
  }
  try {
    const t0 = performance.now()
    const first = await licensed(app, key, o.purls)
    const queued = await phases()
    console.log(
      `${o.purls.length} installed packages asked: ${first} answered with licenses at once, ${queued.known.open} queued`,
    )
    const seconds = () => (performance.now() - t0) / 1000
    const marks: Record<string, { value: string }> = {}
    const mark = async (what: string, c: PhaseCounts) => {
      const withLicenses = await licensed(app, key, o.purls)
      marks[`${what}, s`] = { value: seconds().toFixed(1) }
      marks[`${what}: units done / failed`] = { value: `${c.done} / ${c.failed}` }
      marks[`${what}: answered with licenses`] = { value: String(withLicenses) }
    }
    let knownAt = false
    for (;;) {
      const now = await phases()
      if (!knownAt && now.known.open === 0) {
        knownAt = true
        await mark('known (phase one ended)', now.known)
      }
      if (now.analysis.open === 0) {
        await mark('analyzed (every unit ended)', now.analysis)
        break
      }
      if (seconds() > o.maxSeconds) {
        if (!knownAt) await mark(`at ${o.maxSeconds} s, known phase (${now.known.open} open)`, now.known)
        await mark(`at ${o.maxSeconds} s, analysis (${now.analysis.open} open)`, now.analysis)
        break
      }
      await new Promise((r) => setTimeout(r, 1000))
    }
    marks['peak RSS, MB'] = { value: (peakRss / 1e6).toFixed(0) }
    console.table(marks)
  } finally {
    clearInterval(rss)
    await app.close()
    await runtime.close()
    if (o.seeded) removeCopy(file)
    else rmSync(o.dir, { recursive: true, force: true })
  }
}

/** How many of the purls the licenses endpoint answers with at least one license (batches of 1,000). */
async function licensed(app: App, key: string, purls: readonly string[]): Promise<number> {
  let n = 0
  for (let i = 0; i < purls.length; i += 1000) {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/licenses/components',
      headers: { 'x-api-key': key },
      payload: { components: purls.slice(i, i + 1000).map((purl) => ({ purl })) },
    })
    const answers = (res.json().components ?? []) as { licenses?: unknown[] }[]
    n += answers.filter((c) => (c.licenses ?? []).length > 0).length
  }
  return n
}
