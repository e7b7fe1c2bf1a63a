// What the explorer's component page asks of the API (docs/explorer.md), over HTTP on 127.0.0.1 against a private
// copy of the seeded SQLite KB (bench/seeded-kb.ts): for a few real seed components, every request the page makes
// for one version, sent together as the browser sends them (its sections load at once; the dependency view's three
// batches one after the other), timed until the last answer. Beside it, the first page's three files.
// Run: node --import ./bin/register-ts.js bench/explorer.ts [--seconds 10] [--max 30]
import { request } from 'undici'
import { CONSOLE, type Figure, isMain, type Out, percentile, secondsAndMax, time, timedRuns } from './scenario.ts'
import { seededApp } from './seeded-kb.ts'

/** Seed components with many versions, dependencies, vulnerabilities or algorithms. */
const PAGES = ['pkg:npm/express', 'pkg:npm/node-forge', 'pkg:deb/debian/libssl3']
const round = (ms: number) => Number(ms.toFixed(1))

export async function explorerBench(out: Out = CONSOLE, { seconds = 10, max = 30 } = {}): Promise<Figure[]> {
  const s = await seededApp()
  try {
    const base = await s.app.listen({ host: '127.0.0.1', port: 0 })
    const call = async (method: 'GET' | 'POST', path: string, body?: unknown, type = 'application/json') => {
      const res = await request(`${base}${path}`, {
        method,
        headers: { 'x-api-key': s.key, ...(body === undefined ? {} : { 'content-type': type }) },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      })
      const text = await res.body.text()
      if (res.statusCode !== 200) throw new Error(`${path}: HTTP ${res.statusCode} ${text.slice(0, 200)}`)
      return JSON.parse(text.startsWith('<') ? '{}' : text)
    }
    const figures: Figure[] = []
    const table = []
    const page = await request(`${base}/ui/`)
    const html = await page.body.text()
    const assets = [...html.matchAll(/\/ui\/assets\/[^"]+/g)].map((m) => m[0])
    const first = await timedRuns(
      async () => {
        await Promise.all(['/ui/', ...assets].map(async (a) => (await request(`${base}${a}`)).body.text()))
      },
      { seconds: 2, max: 50, warmup: 2 },
    )
    table.push({
      page: 'first page (HTML, CSS, script)',
      requests: 1 + assets.length,
      'median ms': round(percentile(first, 50)),
    })
    figures.push(time('explorer first page, median', percentile(first, 50)))
    for (const purl of PAGES) {
      const status = await call('GET', `/v2/components/status/component?purl=${encodeURIComponent(purl)}`)
      const version = status.version_status?.version as string
      const versions = (
        await call('GET', `/v2/components/versions?purl=${encodeURIComponent(purl)}&limit=1000`)
      ).component.versions.map((v: { version: string }) => v.version) as string[]
      const ref = { purl, requirement: version }
      const one = { components: [ref] }
      let requests = 0
      const runs = await timedRuns(
        async () => {
          const all = [
            call('GET', `/v2/components/versions?purl=${encodeURIComponent(purl)}&limit=1000`),
            call('GET', `/v2/components/status/component?purl=${encodeURIComponent(purl)}`),
            call('POST', '/v2/vulnerabilities/components', one),
            call('POST', '/v2/vulnerabilities/components', {
              components: versions.slice(0, 60).map((v) => ({ purl, requirement: v })),
            }),
            call('POST', '/v2/licenses/components', one),
            call('POST', '/v2/cryptography/algorithms/components', one),
            call('POST', '/v2/cryptography/hints/components', one),
            call('POST', '/v2/cryptography/algorithms/range/components', {
              components: [{ purl, requirement: '>=0' }],
            }),
            call('POST', '/v2/sbom/enrich', `${purl}@${version}`, 'text/plain'),
            call('POST', '/v2/components/statistics', one),
            call('POST', '/v2/geoprovenance/origin/components', { components: [{ purl }] }),
            call('POST', '/v2/semgrep/issues/components', one),
            call('POST', '/v2/attribution-notices/components', one),
            (async () => {
              const walk = await call('POST', '/v2/dependencies/transitive/components', { ...one, limit: 500 })
              const reached = (walk.dependencies as { purl: string; version: string }[]).filter((d) => d.version)
              const asked = { components: reached.map((d) => ({ purl: `${d.purl}@${d.version}` })) }
              if (reached.length > 0)
                await Promise.all([
                  call('POST', '/v2/vulnerabilities/components', asked),
                  call('POST', '/v2/licenses/components', asked),
                ])
              return reached.length
            })(),
          ]
          requests = all.length + 2
          await Promise.all(all)
        },
        { seconds, max, warmup: 2 },
      )
      table.push({
        page: `${purl}@${version}`,
        versions: versions.length,
        requests,
        'median ms': round(percentile(runs, 50)),
        'p95 ms': round(percentile(runs, 95)),
      })
      figures.push(time(`component page ${purl}, median`, percentile(runs, 50)))
    }
    out.table(table)
    return figures
  } finally {
    await s.close()
  }
}

if (isMain(import.meta.url)) await explorerBench(CONSOLE, secondsAndMax({ seconds: 10, max: 30 }))
