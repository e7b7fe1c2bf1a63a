// POST /v2/vulnerabilities/components with 1, 100 and 1,000 components on the seeded KB (every shipped advisory,
// EPSS score and CPE mapping loaded): median and p95, in-process, sequential, bounded. Target: 1,000 under 150 ms.
// Run: node --import tsx bench/vulnerabilities.ts
import { sampleBatch, seededApp } from './seeded-kb.ts'

const s = await seededApp()
try {
  const advised = await s.storage.db
    .selectFrom('advisory_packages')
    .select('purl_name')
    .where('purl_type', '=', 'npm')
    .limit(1)
    .execute()
  if (advised.length === 0) console.log('warning: the seed holds no advisories; figures would mean nothing')
  // purl@version pairs spread over every version the KB knows
  const rows = await s.storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select(['c.purl', 'v.version'])
    .orderBy('v.id')
    .execute()
  const step = Math.max(1, Math.floor(rows.length / 1000))
  const purls = rows.filter((_, i) => i % step === 0).map((r) => `${r.purl}@${r.version}`)
  const table = []
  for (const size of [1, 100, 1000]) {
    const components = purls.slice(0, size).map((purl) => ({ purl }))
    let found = 0
    const r = await sampleBatch(s, '/v2/vulnerabilities/components', components, (body) => {
      found = body.components.reduce((n, c) => n + (c.vulnerabilities as unknown[]).length, 0)
    })
    table.push({
      components: size,
      vulnerabilities: found,
      'median ms': r.median.toFixed(1),
      'p95 ms': r.p95.toFixed(1),
    })
  }
  console.table(table)
} finally {
  await s.close()
}
