// On-demand cryptography benchmarks (never in CI):
// 1. keyword detection throughput: the whole catalogue's keywords in one automaton pass, with guards, over the
//    source files of real tarballs (pinned versions fetched through your npm configuration, cached in the temp
//    dir by bench/tarball-cache.ts), MB per second of CPU time on one core. Target: at least 50 MB/s per core.
// 2. POST /v2/cryptography/algorithms/components with 1, 100 and 1,000 components on the seeded KB.
// Run: node --import ./bin/register-ts.js bench/crypto.ts [--rounds N] [--runs N]
import { createReadStream } from 'node:fs'
import { parseArgs } from 'node:util'
import { detectLanguage } from '../src/ingest/analyzers/languages.ts'
import { isBinary } from '../src/ingest/analyzers/text.ts'
import type { Analyzer } from '../src/ingest/analyzers/types.ts'
import { KeywordScanner } from '../src/ingest/crypto/keyword-scan.ts'
import { walkTarball } from '../src/ingest/tarball-walk.ts'
import { CONSOLE, type Figure, isMain, type Out, rate, time } from './scenario.ts'
import { batchSizes, runsOption, seededApp, spreadPurls } from './seeded-kb.ts'
import { cachedTarball, spec } from './tarball-cache.ts'

const TARBALLS = ['lodash@4.17.21', 'node-forge@1.3.1', 'crypto-js@4.2.0', 'rxjs@7.8.1', 'typescript@5.4.5']

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

export async function cryptoBench(
  out: Out = CONSOLE,
  { rounds = 5, runs }: { rounds?: number; runs?: number } = {},
): Promise<Figure[]> {
  const sources: Buffer[] = []
  for (const pinned of TARBALLS) {
    const file = await cachedTarball(...(spec(pinned) as [string, string]))
    sources.push(...((await walkTarball(createReadStream(file), [collect])).outputs.collect as Buffer[]))
  }
  const bytes = sources.reduce((n, b) => n + b.length, 0)
  const scanner = new KeywordScanner()
  const table = []
  let best = 0
  for (let r = 0; r < rounds; r++) {
    const cpu = process.cpuUsage()
    let hits = 0
    for (const b of sources) hits += scanner.scan(b).length
    const used = process.cpuUsage(cpu)
    const seconds = (used.user + used.system) / 1e6
    best = Math.max(best, bytes / 1e6 / seconds)
    table.push({
      round: r + 1,
      files: sources.length,
      MB: (bytes / 1e6).toFixed(1),
      hits,
      'MB/s per core': (bytes / 1e6 / seconds).toFixed(1),
    })
  }
  out.log('keyword detection (all catalogue keywords, guards applied):')
  out.table(table)
  return [rate('keyword detection, best round', best, 'MB/s per core'), ...(await cryptoBatchBench(out, { runs }))]
}

/** The algorithms batch on the seeded KB (SQLite, or PostgreSQL beside `postgresUrl`). */
export async function cryptoBatchBench(
  out: Out,
  { runs, postgresUrl }: { runs?: number | undefined; postgresUrl?: string },
): Promise<Figure[]> {
  const s = await seededApp(postgresUrl)
  try {
    const purls = await spreadPurls(s.storage, 1000)
    const { rows, medians } = await batchSizes(
      s,
      '/v2/cryptography/algorithms/components',
      purls,
      (body) => ({ 'with algorithms': body.components.filter((c) => (c.algorithms as unknown[]).length > 0).length }),
      runs,
    )
    out.log('POST /v2/cryptography/algorithms/components on the seeded KB:')
    out.table(rows)
    return [time('POST 1,000 components (algorithms), median', medians.get(1000) as number)]
  } finally {
    await s.close()
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, runs: { type: 'string' } } })
  await cryptoBench(CONSOLE, {
    rounds: Math.max(1, Number(values.rounds) || 1),
    ...runsOption(values.runs),
  })
}
