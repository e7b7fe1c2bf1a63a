// Latency of POST /v2/dependencies/transitive/components with 1, 100 and 1,000 real components of the shipped seed
// (purl@version pairs spread over every version the KB knows), over HTTP on 127.0.0.1 against a private copy of the
// seeded SQLite KB (bench/seeded-kb.ts); with the default bounds (depth 3, limit 1000) and the maximum ones (10, 5000).
// Run: node --import ./bin/register-ts.js bench/dependencies.ts [--seconds 10] [--max 200]  (bounded per case in time and requests)
import { request } from 'undici'
import { CONSOLE, type Figure, isMain, type Out, percentile, secondsAndMax, time } from './scenario.ts'
import { seededApp, spreadPurls } from './seeded-kb.ts'

const SIZES = [1, 100, 1000]
const BOUNDS = [
  { depth: 3, limit: 1000 },
  { depth: 10, limit: 5000 },
]
const WARMUP = 3

type Answer = { dependencies: { version: string }[] }

export async function dependenciesBench(
  out: Out = CONSOLE,
  { seconds = 10, max = 200, postgresUrl }: { seconds?: number; max?: number; postgresUrl?: string } = {},
): Promise<Figure[]> {
  const s = await seededApp(postgresUrl)
  try {
    const base = await s.app.listen({ host: '127.0.0.1', port: 0 })
    const purls = await spreadPurls(s.storage, Math.max(...SIZES), true)
    const table = []
    const figures: Figure[] = []
    for (const bounds of BOUNDS) {
      for (const size of SIZES) {
        const body = JSON.stringify({ ...bounds, components: purls.slice(0, size).map((purl) => ({ purl })) })
        let shed = 0
        const post = async (): Promise<{ ms: number; json: Answer }> => {
          const t0 = performance.now()
          const res = await request(`${base}/v2/dependencies/transitive/components`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': s.key },
            body,
          })
          const json = (await res.body.json()) as Answer
          // load shedding (http/plugins/pressure.ts: event-loop delay) is counted and retried after Retry-After
          if (res.statusCode === 503 && shed < 20) {
            shed++
            await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers['retry-after'] ?? 1)))
            return post()
          }
          if (res.statusCode !== 200)
            throw new Error(`${size} components, depth ${bounds.depth}: HTTP ${res.statusCode}`)
          return { ms: performance.now() - t0, json }
        }
        let last = (await post()).json
        for (let i = 1; i < WARMUP; i++) await post()
        const times: number[] = []
        const until = performance.now() + seconds * 1000
        while (times.length < max && performance.now() < until) {
          const r = await post()
          times.push(r.ms)
          last = r.json
        }
        times.sort((a, b) => a - b)
        table.push({
          components: size,
          depth: bounds.depth,
          limit: bounds.limit,
          dependencies: last.dependencies.length,
          unresolved: last.dependencies.filter((d) => d.version === '').length,
          requests: times.length,
          'shed 503': shed,
          'median ms': Number(percentile(times, 50).toFixed(1)),
          'p95 ms': Number(percentile(times, 95).toFixed(1)),
        })
        if (size > 1 && bounds.depth === 3)
          figures.push(time(`POST ${size} components, depth 3, median`, percentile(times, 50)))
      }
    }
    out.table(table)
    return figures
  } finally {
    await s.close()
  }
}

if (isMain(import.meta.url)) await dependenciesBench(CONSOLE, secondsAndMax({ seconds: 10, max: 200 }))
