// Load test (on demand, never in CI; 127.0.0.1 only; bounded in time and request count): a real `compintel serve`
// child process on the seeded KB (SQLite copy or a fresh PostgreSQL database), an open-loop mixed workload at a
// constant arrival rate (bench/load-workload.ts, bench/load-driver.ts), the server's memory and CPU sampled from its
// /metrics every few seconds. Exits non-zero on any error, timeout or non-2xx answer. docs/benchmarks.md has the
// figures and the reasons for the mix and the default rate.
// Run: node --import ./bin/register-ts.js bench/load.ts [--backend sqlite|postgres|both] [--duration 300] [--rate 20] [--warmup 30]
//        [--connections 64] [--seed 1] [--database-url postgres://…] [--set NAME=VALUE]…
// PostgreSQL: --database-url or TEST_DATABASE_URL names a database beside which a throw-away one is made. --set
// passes a compintel setting to the server (e.g. --set ANSWER_CACHE_ENTRIES=0 to see memory without the cache).
import { parseArgs } from 'node:util'
import { SETTINGS } from '../src/config/config.ts'
import { openStorage } from '../src/storage/database.ts'
import { drive } from './load-driver.ts'
import { folderScanBodies } from './load-folders.ts'
import { busyCores, machineCpu, memoryRows, serverUse, statsBy, statsRows } from './load-report.ts'
import { type Backend, cacheLookups, type ServerSample, sampleServer, startServer } from './load-server.ts'
import { buildWorkload } from './load-workload.ts'
import { CONSOLE, type Figure, isMain, type Out, other, time } from './scenario.ts'

/** Requests per second the 2-core machine holds with this mix, with room for its neighbours (docs/benchmarks.md). */
export const DEFAULT_RATE = 20
const SAMPLE_EVERY_MS = 5000

export interface LoadOptions {
  backends: Backend[]
  /** Measured seconds, after the warm-up. */
  seconds: number
  warmup: number
  rate: number
  connections: number
  seed: number
  databaseUrl?: string | undefined
  /** More settings for the server (--set NAME=VALUE). */
  settings?: Record<string, string>
}

export async function loadTest(out: Out, o: LoadOptions): Promise<{ ok: boolean; figures: Figure[] }> {
  let scans: { bodies: string[]; nodes: number[] } | undefined
  const figures: Figure[] = []
  let ok = true
  for (const backend of o.backends) {
    out.log(`${backend}: starting compintel serve${backend === 'postgres' ? ' (it loads the seed: minutes)' : ''} …`)
    const started = performance.now()
    const server = await startServer(backend, o.databaseUrl, o.settings)
    try {
      out.log(`${backend}: serving at ${server.url} after ${((performance.now() - started) / 1000).toFixed(0)} s`)
      const storage = openStorage(server.database)
      let workload: Awaited<ReturnType<typeof buildWorkload>>
      try {
        scans ??= await folderScanBodies(storage)
        workload = await buildWorkload(storage, scans.bodies, { seed: o.seed })
      } finally {
        await storage.close()
      }
      const nodes = scans.nodes
      out.log(
        `${backend}: ${o.rate} req/s for ${o.warmup} s of warm-up + ${o.seconds} s measured; mix ${JSON.stringify(workload.mix)}; ` +
          `drawn from ${workload.sizes.versions} versions, ${workload.sizes.searches} searches, ${nodes.length} folder scans of ${Math.min(...nodes)}-${Math.max(...nodes)} folders`,
      )
      const samples: ServerSample[] = []
      const t0 = performance.now()
      const take = () =>
        sampleServer(server.url, (performance.now() - t0) / 1000).then(
          (s) => void samples.push(s),
          (err) => out.log(`  /metrics sample failed: ${(err as Error).message}`),
        )
      const sampler = setInterval(take, SAMPLE_EVERY_MS)
      let machineAtStart = machineCpu()
      const warmed = setTimeout(() => (machineAtStart = machineCpu()), o.warmup * 1000)
      let lastShown = 0
      const driven = await drive({
        url: server.url,
        key: server.key,
        rate: o.rate,
        seconds: o.warmup + o.seconds,
        rampSeconds: o.warmup,
        connections: o.connections,
        maxInFlight: Math.max(200, o.rate * 30),
        timeoutMs: 30_000,
        next: workload.next,
        tick: (elapsed, inFlight) => {
          if (elapsed - lastShown < 30) return
          lastShown = elapsed
          out.log(`  ${elapsed.toFixed(0)} s: ${inFlight} in flight`)
        },
      }).finally(() => {
        clearInterval(sampler)
        clearTimeout(warmed)
      })
      const machine = busyCores(machineAtStart, machineCpu())
      await take()
      const cache = await cacheLookups(server.url)

      const measured = driven.outcomes.filter((x) => x.due >= o.warmup)
      const warm = driven.outcomes.filter((x) => x.due < o.warmup)
      const byClass = statsBy(measured, (x) => x.cls, o.seconds)
      out.log(`${backend}: measured run by request class`)
      out.table(statsRows(byClass))
      out.log(`${backend}: by endpoint`)
      out.table(statsRows(statsBy(measured, (x) => x.label, o.seconds).slice(0, -1)))
      const use = serverUse(samples.filter((s) => s.at >= o.warmup))
      if (use) {
        out.log(`${backend}: server memory over the measured run (samples every ${SAMPLE_EVERY_MS / 1000} s)`)
        out.table(memoryRows(use))
        out.log(
          `${backend}: server CPU ${(use.cpu * 100).toFixed(0)}% of one core; event-loop lag p99 at most ${use.maxLagP99Ms.toFixed(0)} ms, longest ${use.maxLagMs.toFixed(0)} ms; driver's worst send lag ${driven.maxSendLagMs.toFixed(0)} ms`,
        )
      }
      if (cache) out.log(`${backend}: answer cache lookups over the whole run: ${JSON.stringify(cache)}`)
      if (machine !== undefined) {
        out.log(
          `${backend}: the machine was ${machine.toFixed(2)} cores busy over the measured run (everything: server, database, driver, neighbours)`,
        )
      }
      const bad = (list: typeof driven.outcomes) => list.filter((x) => x.error || x.status < 200 || x.status > 299)
      const failed = [...bad(warm), ...bad(measured)]
      const all = byClass[byClass.length - 1]
      if (failed.length > 0) {
        ok = false
        const kinds = new Map<string, number>()
        for (const f of failed)
          kinds.set(`${f.label}: ${f.error ?? f.status}`, (kinds.get(`${f.label}: ${f.error ?? f.status}`) ?? 0) + 1)
        const when = failed.map((f) => f.due)
        out.log(
          `${backend}: FAILED: ${failed.length} unexpected answers (${bad(warm).length} in the warm-up), due from ${Math.min(...when).toFixed(1)} s to ${Math.max(...when).toFixed(1)} s`,
        )
        for (const [k, n] of kinds) out.log(`  ${n} × ${k}`)
        out.log(`server output (last lines):\n${server.output()}`)
      } else out.log(`${backend}: no error, timeout or non-2xx answer`)
      if (all) {
        figures.push(
          // the offered rate fixes the throughput of an open loop: no ratio to the baseline's
          other(`${backend}: throughput at ${o.rate} req/s offered`, all.rps, 'req/s'),
          time(`${backend}: latency p50`, all.p50),
          time(`${backend}: latency p99`, all.p99),
          { ...other(`${backend}: errors, timeouts and non-2xx`, failed.length, 'requests'), bad: failed.length > 0 },
        )
      }
      // memory trends need minutes: a brief run (npm run bench) reports only the CPU
      if (use && o.seconds >= 120)
        figures.push(other(`${backend}: server RSS slope`, use.rss.slopeMiBPerMin, 'MiB/min'))
      if (use) {
        figures.push(other(`${backend}: server CPU`, use.cpu * 100, '% of a core'))
      }
      if (machine !== undefined) figures.push(other(`${backend}: machine busy (all processes)`, machine, 'cores'))
    } finally {
      await server.stop()
    }
  }
  return { ok, figures }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string' },
      duration: { type: 'string', default: '300' },
      warmup: { type: 'string', default: '30' },
      rate: { type: 'string', default: String(DEFAULT_RATE) },
      connections: { type: 'string', default: '64' },
      seed: { type: 'string', default: '1' },
      'database-url': { type: 'string' },
      set: { type: 'string', multiple: true },
    },
  })
  const settings: Record<string, string> = {}
  for (const pair of values.set ?? []) {
    const [name = '', ...rest] = pair.split('=')
    if (!(SETTINGS as readonly string[]).includes(name)) throw new Error(`--set ${name}: not a compintel setting`)
    settings[name] = rest.join('=')
  }
  const databaseUrl = values['database-url'] ?? process.env.TEST_DATABASE_URL
  const backend = values.backend ?? (databaseUrl ? 'both' : 'sqlite')
  if (!['sqlite', 'postgres', 'both'].includes(backend)) throw new Error('--backend: sqlite, postgres or both')
  const { ok } = await loadTest(CONSOLE, {
    backends: backend === 'both' ? ['sqlite', 'postgres'] : [backend as Backend],
    seconds: Math.min(Math.max(Number(values.duration) || 300, 5), 3600),
    warmup: Math.min(Math.max(Number(values.warmup) || 0, 0), 300),
    rate: Math.min(Math.max(Number(values.rate) || DEFAULT_RATE, 0.1), 500),
    connections: Math.min(Math.max(Number(values.connections) || 64, 1), 512),
    seed: Number(values.seed) || 1,
    databaseUrl,
    settings,
  })
  process.exitCode = ok ? 0 : 1
}
