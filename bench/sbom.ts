// Latency of POST /v2/sbom/enrich with a CycloneDX 1.6 BOM of 100 and 1,000 real npm component versions of the
// shipped seed (spread over it: several versions of a package, as in npm trees), over HTTP on 127.0.0.1 against a
// private copy of the seeded SQLite KB (bench/seeded-kb.ts), answered in each output format but 1.7 (the same work as
// 1.6). Target: the 1,000-component BOM in under 1 s. Beside it: the event loop's longest stall while the BOMs are
// enriched (what other requests wait at most; the first request also reads the algorithm catalogue).
// Run: node --import ./bin/register-ts.js bench/sbom.ts [--seconds 10] [--max 50]
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { request } from 'undici'
import { SBOM_FORMATS } from '../src/domain/sbom/enrich-sbom.ts'
import { CONSOLE, type Figure, isMain, type Out, percentile, secondsAndMax, time, timedRuns } from './scenario.ts'
import { seededApp, spreadPurls } from './seeded-kb.ts'

const SIZES = [100, 1000]
const round = (ms: number) => Number(ms.toFixed(1))

export async function sbomBench(out: Out = CONSOLE, { seconds = 10, max = 50 } = {}): Promise<Figure[]> {
  const s = await seededApp()
  try {
    const base = await s.app.listen({ host: '127.0.0.1', port: 0 })
    const purls = await spreadPurls(s.storage, Math.max(...SIZES), true)
    const figures: Figure[] = []
    const table = []
    for (const size of SIZES) {
      const bom = JSON.stringify({
        bomFormat: 'CycloneDX',
        specVersion: '1.6',
        components: purls.slice(0, size).map((purl, i) => ({ type: 'library', 'bom-ref': `c${i}`, name: purl, purl })),
      })
      for (const format of SBOM_FORMATS.filter((f) => f !== 'cyclonedx-1.7')) {
        let last = { vulnerabilities: 0, components: 0, bytes: 0 }
        const loop = monitorEventLoopDelay({ resolution: 1 })
        loop.enable()
        const runs = await timedRuns(
          async () => {
            const res = await request(`${base}/v2/sbom/enrich?format=${format}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': s.key },
              body: bom,
            })
            const text = await res.body.text()
            if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`)
            const doc = JSON.parse(text) as {
              vulnerabilities?: unknown[]
              components?: unknown[]
              packages?: unknown[]
            }
            last = {
              vulnerabilities: doc.vulnerabilities?.length ?? 0,
              components: (doc.components ?? doc.packages ?? []).length,
              bytes: text.length,
            }
          },
          { seconds, max, warmup: 2 },
        )
        loop.disable()
        table.push({
          components: size,
          format,
          requests: runs.length,
          'median ms': round(percentile(runs, 50)),
          'p95 ms': round(percentile(runs, 95)),
          'longest loop stall ms': round(loop.max / 1e6),
          'out: components/packages': last.components,
          vulnerabilities: last.vulnerabilities,
          'out MB': Number((last.bytes / 1e6).toFixed(2)),
        })
        figures.push(time(`${size}-component BOM → ${format}, median`, percentile(runs, 50)))
        if (size === 1000)
          figures.push(time(`${size}-component BOM → ${format}, longest event-loop stall`, loop.max / 1e6))
      }
    }
    out.table(table)
    return figures
  } finally {
    await s.close()
  }
}

if (isMain(import.meta.url)) await sbomBench(CONSOLE, secondsAndMax({ seconds: 10, max: 50 }))
