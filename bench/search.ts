// Component search on the seeded KB: median and p95 latency of GET /v2/components/search for exact, prefix,
// substring, vendor and no-hit queries (in-process, sequential, bounded).
// Run: node --import ./bin/register-ts.js bench/search.ts [--runs 200]
import { parseArgs } from 'node:util'
import { CONSOLE, type Figure, isMain, type Out, time } from './scenario.ts'
import { sample, seededApp } from './seeded-kb.ts'

/** Exact, one-letter prefix, substring, ecosystem filter, vendor, vendor + name and no-hit queries. */
export const SEARCH_QUERIES = [
  'search=express',
  'search=e',
  'search=par',
  'search=parse',
  'search=babel&package=npm',
  'vendor=babel',
  'search=core&vendor=babel',
  'search=zzzzzz-no-such-thing',
]

export async function searchBench(out: Out = CONSOLE, opts: { runs?: number } = {}): Promise<Figure[]> {
  const s = await seededApp()
  try {
    const rows = []
    const medians: number[] = []
    for (const q of SEARCH_QUERIES) {
      let hits = 0
      const r = await sample(async () => {
        const res = await s.app.inject({
          method: 'GET',
          url: `/v2/components/search?${q}`,
          headers: { 'x-api-key': s.key },
        })
        if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`)
        hits = res.json().components.length
      }, opts.runs ?? 200)
      medians.push(r.median)
      rows.push({ query: q, hits, 'median ms': r.median.toFixed(2), 'p95 ms': r.p95.toFixed(2) })
    }
    out.table(rows)
    medians.sort((a, b) => a - b)
    return [
      time('median of the per-query medians', medians[Math.floor(medians.length / 2)] as number),
      time('slowest query, median', medians[medians.length - 1] as number),
    ]
  } finally {
    await s.close()
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '200' } } })
  await searchBench(CONSOLE, { runs: Math.min(Math.max(Number(values.runs) || 1, 1), 5000) })
}
