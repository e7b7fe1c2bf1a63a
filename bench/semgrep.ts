// On-demand static-analysis benchmarks (never in CI):
// 1. rules-engine throughput: the latest semgrep rule set over the files it scans (scanIssues: parse once, every rule
//    of the file's language) of real seed tarballs — versions the seed analyzed, every k-th of them, fetched once
//    through your npm configuration and cached in the temp dir (bench/tarball-cache.ts). MB of scanned source per
//    second of CPU time on one core, with the parse's share.
// 2. POST /v2/semgrep/issues/components with 1, 100 and 1,000 analyzed components on the seeded KB.
// Run: node --import ./bin/register-ts.js bench/semgrep.ts [--tarballs N] [--rounds N] [--runs N]
import { createReadStream } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Analyzer } from '../src/ingest/analyzers/types.ts'
import { isMinified, isScannedPath, scanIssues } from '../src/ingest/semgrep/scan.ts'
import { walkTarball } from '../src/ingest/tarball-walk.ts'
import { MAX_RULE_FILE_CHARS } from '../src/rules/engine/engine.ts'
import { languageOfPath } from '../src/rules/engine/file-languages.ts'
import { SourceUnit } from '../src/rules/engine/source-unit.ts'
import { CONSOLE, type Figure, isMain, type Out, rate, time } from './scenario.ts'
import { batchSizes, runsOption, type SeededApp, seededApp } from './seeded-kb.ts'
import { cachedTarball } from './tarball-cache.ts'

interface Source {
  path: string
  text: string
}

/** The files scanIssues scans (a language with rules, not a test or minified file, within the size limit). */
const scanned: Analyzer<Source[]> = {
  name: 'scanned',
  version: '0',
  start() {
    const out: Source[] = []
    return {
      file(e) {
        if (!e.content || !languageOfPath(e.path) || !isScannedPath(e.path)) return
        const text = e.content.toString('utf8')
        if (text.length <= MAX_RULE_FILE_CHARS && !isMinified(text)) out.push({ path: e.path, text })
      },
      finish: () => out,
    }
  },
}

export async function semgrepBench(
  out: Out = CONSOLE,
  { tarballs: wanted = 40, rounds = 3, runs }: { tarballs?: number; rounds?: number; runs?: number } = {},
): Promise<Figure[]> {
  const s = await seededApp()
  let figures: Figure[]
  try {
    const analyzed = await analyzedVersions(s)
    if (analyzed.length === 0) throw new Error('the seed holds no semgrep analyses: rebuild it (scripts/build-seed.sh)')

    // 1. engine throughput on every k-th analyzed version of the seed
    const step = Math.max(1, Math.floor(analyzed.length / wanted))
    const picked = analyzed.filter((_, i) => i % step === 0).slice(0, wanted)
    const sources: Source[] = []
    for (const p of picked) {
      const file = await cachedTarball(p.purl_name, p.version) // purl_name: the npm name, scope included
      sources.push(...((await walkTarball(createReadStream(file), [scanned])).outputs.scanned as Source[]))
    }
    const bytes = sources.reduce((n, f) => n + Buffer.byteLength(f.text), 0)
    const cpu = (fn: () => void) => {
      const start = process.cpuUsage()
      fn()
      const used = process.cpuUsage(start)
      return (used.user + used.system) / 1e6
    }
    const table = []
    let best = 0
    for (let r = 0; r < rounds; r++) {
      let issues = 0
      const parse = cpu(() => {
        for (const f of sources) {
          const lang = languageOfPath(f.path)
          if (lang) new SourceUnit(lang.language, f.text, lang.tsx).root()
        }
      })
      const all = cpu(() => {
        for (const f of sources) issues += scanIssues(f.path, f.text).length
      })
      best = Math.max(best, bytes / 1e6 / all)
      table.push({
        round: r + 1,
        tarballs: picked.length,
        files: sources.length,
        MB: (bytes / 1e6).toFixed(1),
        issues,
        'MB/s per core': (bytes / 1e6 / all).toFixed(2),
        'parse share': `${Math.round((parse / all) * 100)}%`,
      })
    }
    out.log('rules engine (latest semgrep rule set, parse + every rule of the language) on seed tarballs:')
    out.table(table)
    figures = [rate('rules engine, best round', best, 'MB/s per core')]
  } finally {
    await s.close()
  }
  return [...figures, ...(await semgrepBatchBench(out, { runs }))]
}

/** The analyzed versions of the seeded KB, in id order, with their stored analyses. */
function analyzedVersions(s: SeededApp) {
  return s.storage.db
    .selectFrom('analyses as a')
    .innerJoin('versions as v', 'v.id', 'a.version_id')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select(['c.purl_name', 'c.purl', 'v.version', 'a.output'])
    .where('a.analyzer', '=', 'semgrep')
    .orderBy('v.id')
    .execute()
}

/** The issues batch on analyzed components, those with issues first (SQLite, or PostgreSQL beside `postgresUrl`). */
export async function semgrepBatchBench(
  out: Out,
  { runs, postgresUrl }: { runs?: number | undefined; postgresUrl?: string },
): Promise<Figure[]> {
  const s = await seededApp(postgresUrl)
  try {
    const analyzed = await analyzedVersions(s)
    const withIssues = (o: string) => (JSON.parse(o) as { files: unknown[] }).files.length > 0
    const ordered = [...analyzed.filter((a) => withIssues(a.output)), ...analyzed.filter((a) => !withIssues(a.output))]
    const purls = ordered.map((a) => `${a.purl}@${a.version}`)
    const { rows, medians } = await batchSizes(
      s,
      '/v2/semgrep/issues/components',
      purls,
      (body, bytes) => ({
        'files with issues': body.components.reduce((n, c) => n + (c.files as unknown[]).length, 0),
        'response KB': (bytes / 1024).toFixed(0),
      }),
      runs,
    )
    out.log('POST /v2/semgrep/issues/components on the seeded KB (analyzed versions, those with issues first):')
    out.table(rows)
    return [time('POST 1,000 analyzed components, median', medians.get(1000) as number)]
  } finally {
    await s.close()
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      tarballs: { type: 'string', default: '40' },
      rounds: { type: 'string', default: '3' },
      runs: { type: 'string' },
    },
  })
  await semgrepBench(CONSOLE, {
    tarballs: Math.max(1, Number(values.tarballs) || 40),
    rounds: Math.max(1, Number(values.rounds) || 1),
    ...runsOption(values.runs),
  })
}
