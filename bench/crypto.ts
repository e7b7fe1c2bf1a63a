// On-demand cryptography benchmarks (never in CI):
// 1. keyword detection throughput: the whole catalogue's keywords in one automaton pass, with guards, over the
//    source files of real tarballs (pinned versions fetched through your npm configuration, cached in the temp
//    dir), MB per second of CPU time on one core. Target: at least 50 MB/s per core.
// 2. POST /v2/cryptography/algorithms/components with 1, 100 and 1,000 components on the seeded KB.
// Run: node --import tsx bench/crypto.ts [--rounds N]
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { detectLanguage } from '../src/ingest/analyzers/languages.ts'
import { isBinary } from '../src/ingest/analyzers/text.ts'
import type { Analyzer } from '../src/ingest/analyzers/types.ts'
import { KeywordScanner } from '../src/ingest/crypto/keyword-scan.ts'
import { PacoteRegistry } from '../src/ingest/npm/registry.ts'
import { walkTarball } from '../src/ingest/tarball-walk.ts'
import { sampleBatch, seededApp } from './seeded-kb.ts'

const TARBALLS = ['lodash@4.17.21', 'node-forge@1.3.1', 'crypto-js@4.2.0', 'rxjs@7.8.1', 'typescript@5.4.5']
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } })
const rounds = Math.max(1, Number(values.rounds) || 1)

/** The source files' contents of a tarball (the files the crypto analyzer scans). */
const collect: Analyzer<Buffer[]> = {
  name: 'collect',
  version: '0',
  start() {
    const files: Buffer[] = []
    return {
      file(e) {
        if (e.content && !isBinary(e.path, e.content) && detectLanguage(e.path, e.content)?.type === 'programming')
          files.push(e.content)
      },
      finish: () => files,
    }
  },
}

const registry = new PacoteRegistry({ cache: mkdtempSync(path.join(tmpdir(), 'compintel-bench-crypto-')) })
const sources: Buffer[] = []
for (const spec of TARBALLS) {
  const at = spec.lastIndexOf('@')
  const walked = await registry.withTarball(spec.slice(0, at), spec.slice(at + 1), undefined, (s) =>
    walkTarball(s, [collect]),
  )
  sources.push(...(walked.outputs.collect as Buffer[]))
}
const bytes = sources.reduce((n, b) => n + b.length, 0)
const scanner = new KeywordScanner()
const table = []
for (let r = 0; r < rounds; r++) {
  const cpu = process.cpuUsage()
  let hits = 0
  for (const b of sources) hits += scanner.scan(b).length
  const used = process.cpuUsage(cpu)
  const seconds = (used.user + used.system) / 1e6
  table.push({
    round: r + 1,
    files: sources.length,
    MB: (bytes / 1e6).toFixed(1),
    hits,
    'MB/s per core': (bytes / 1e6 / seconds).toFixed(1),
  })
}
console.log('keyword detection (all catalogue keywords, guards applied):')
console.table(table)

const s = await seededApp()
try {
  const rows = await s.storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select(['c.purl', 'v.version'])
    .orderBy('v.id')
    .execute()
  const step = Math.max(1, Math.floor(rows.length / 1000))
  const purls = rows.filter((_, i) => i % step === 0).map((r) => `${r.purl}@${r.version}`)
  const batch = []
  for (const size of [1, 100, 1000]) {
    const components = purls.slice(0, size).map((purl) => ({ purl }))
    let withAlgorithms = 0
    const r = await sampleBatch(s, '/v2/cryptography/algorithms/components', components, (body) => {
      withAlgorithms = body.components.filter((c) => (c.algorithms as unknown[]).length > 0).length
    })
    batch.push({
      components: size,
      'with algorithms': withAlgorithms,
      'median ms': r.median.toFixed(1),
      'p95 ms': r.p95.toFixed(1),
    })
  }
  console.log('POST /v2/cryptography/algorithms/components on the seeded KB:')
  console.table(batch)
} finally {
  await s.close()
}
