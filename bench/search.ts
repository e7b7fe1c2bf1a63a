// Component search on the seeded KB: median and p95 latency of GET /v2/components/search for exact, prefix,
// substring, vendor and no-hit queries (in-process, sequential, bounded). Run: node --import tsx bench/search.ts
import { sample, seededApp } from './seeded-kb.ts'

const QUERIES = [
  'search=express',
  'search=e',
  'search=par',
  'search=parse',
  'search=babel&package=npm',
  'vendor=babel',
  'search=core&vendor=babel',
  'search=zzzzzz-no-such-thing',
]

const s = await seededApp()
try {
  const rows = []
  for (const q of QUERIES) {
    let hits = 0
    const r = await sample(async () => {
      const res = await s.app.inject({
        method: 'GET',
        url: `/v2/components/search?${q}`,
        headers: { 'x-api-key': s.key },
      })
      if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`)
      hits = res.json().components.length
    }, 200)
    rows.push({ query: q, hits, 'median ms': r.median.toFixed(2), 'p95 ms': r.p95.toFixed(2) })
  }
  console.table(rows)
} finally {
  await s.close()
}
