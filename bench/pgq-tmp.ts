import pg from 'pg'
import { seededApp, spreadPurls } from './seeded-kb.ts'
const times = new Map<string, number[]>()
let on = false
const orig = pg.Client.prototype.query as any
;(pg.Client.prototype as any).query = function (...a: any[]) {
  const t0 = performance.now(); const text = typeof a[0] === "string" ? a[0] : a[0]?.text; if (on && String(text).includes("license_expression\" is not")) (globalThis as any).P = a[1] ?? a[0]?.values
  const r = orig.apply(this, a)
  if (on && r && typeof r.then === 'function') r.then(() => { const k = String(text).slice(0, 160); times.set(k, [...(times.get(k) ?? []), performance.now() - t0]) }, () => {})
  return r
}
const s = await seededApp(process.env.BENCH_DATABASE_URL)
const purls = await spreadPurls(s.storage, 1000)
const size = Number(process.argv[2] ?? 100)
const url = process.argv[3] ?? '/v2/licenses/components'
const payload = JSON.stringify({ components: purls.slice(0, size).map((purl) => ({ purl })) })
for (let i = 0; i < 5; i++) await s.app.inject({ method: 'POST', url, headers: { 'x-api-key': s.key, 'content-type': 'application/json' }, payload })
on = true
for (let i = 0; i < 10; i++) await s.app.inject({ method: 'POST', url, headers: { 'x-api-key': s.key, 'content-type': 'application/json' }, payload })
on = false
for (const [k, v] of [...times].sort((a, b) => b[1].reduce((x, y) => x + y) - a[1].reduce((x, y) => x + y))) console.log((v.reduce((x, y) => x + y) / 10).toFixed(2), 'ms/req', v.length / 10, 'q/req', k.replace(/\s+/g, ' '))
console.log(JSON.stringify((globalThis as any).P)); await s.close()
