// Latency of POST /v2/licenses/components with 1, 100 and 1,000 real components of the shipped seed, over HTTP on
// 127.0.0.1 against a private copy of the seeded SQLite KB (bench/seeded-kb.ts). Target: 1,000-component median
// < 100 ms. Run: node --import ./bin/register-ts.js bench/licenses.ts [--seconds 15] [--max 200]  (bounded per size in time and in
// requests). Beside each HTTP figure: the in-process time of resolveBatch alone (catalog read + version resolution).
import { request } from 'undici'
import { resolveBatch } from '../src/domain/catalog/resolve-batch.ts'
import { CONSOLE, type Figure, isMain, type Out, percentile, secondsAndMax, time, timedRuns } from './scenario.ts'
import { seededApp, spreadPurls } from './seeded-kb.ts'

const SIZES = [1, 100, 1000]
const WARMUP = 5
const round = (ms: number) => Number(ms.toFixed(1))

export async function licensesBench(
  out: Out = CONSOLE,
  { seconds = 15, max = 200, postgresUrl }: { seconds?: number; max?: number; postgresUrl?: string } = {},
): Promise<Figure[]> {
  const s = await seededApp(postgresUrl)
  try {
    const base = await s.app.listen({ host: '127.0.0.1', port: 0 })
    const purls = await spreadPurls(s.storage, Math.max(...SIZES))
    const bounds = { seconds, max, warmup: WARMUP }
    const table = []
    const figures: Figure[] = []
    for (const size of SIZES) {
      const refs = purls.slice(0, size).map((purl) => ({ purl }))
      const body = JSON.stringify({ components: refs })
      let last: { components: { info_code?: string }[] } = { components: [] }
      const http = await timedRuns(async () => {
        const res = await request(`${base}/v2/licenses/components`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': s.key },
          body,
        })
        last = (await res.body.json()) as typeof last
        if (res.statusCode !== 200 || last.components.length !== size) throw new Error(`HTTP ${res.statusCode}`)
      }, bounds)
      // the shared part every batch endpoint pays: the catalog read and the version resolution, in-process
      const resolve = await timedRuns(() => resolveBatch(refs, s.services.catalog), bounds)
      const codes = new Map<string, number>()
      for (const c of last.components)
        codes.set(c.info_code ?? 'SUCCESS', (codes.get(c.info_code ?? 'SUCCESS') ?? 0) + 1)
      table.push({
        components: size,
        requests: http.length,
        'median ms': round(percentile(http, 50)),
        'p95 ms': round(percentile(http, 95)),
        'resolveBatch alone, median ms': round(percentile(resolve, 50)),
        outcomes: [...codes].map(([c, n]) => `${c}:${n}`).join(' '),
      })
      if (size > 1) figures.push(time(`POST ${size} components over HTTP, median`, percentile(http, 50)))
    }
    out.table(table)
    return figures
  } finally {
    await s.close()
  }
}

if (isMain(import.meta.url)) await licensesBench(CONSOLE, secondsAndMax({ seconds: 15, max: 200 }))
