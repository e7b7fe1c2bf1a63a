// On-demand benchmark of the tarball walk + analyzers on real npm tarballs: unpacked MB per second, wall-clock and
// per core (CPU time); never run in CI. The tarballs are a fixed list of pinned package versions, fetched once
// through compintel's own registry client (pacote with your npm configuration: registry, proxy, auth) and checked
// against the packument's integrity, then kept in a cache folder under the system temp dir for later runs.
//
// Usage: node --import ./bin/register-ts.js bench/analyzers.ts [name@version | file.tgz | dir of .tgz]… [--rounds N]
//          [--analyzers a,b] [--cache DIR]
// Without arguments it runs on BENCH_TARBALLS. `--analyzers code-stats,license-files` measures a subset (the file
// list and MD5s come from the walk and are always measured).
import { createReadStream, existsSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { spdxIndex } from '../src/ingest/analyzers/license-match.ts'
import { walkTarball } from '../src/ingest/tarball-walk.ts'
import { CONSOLE, type Figure, isMain, type Out, rate } from './scenario.ts'
import { cachedTarball, DEFAULT_TARBALL_CACHE, spec } from './tarball-cache.ts'

/**
 * Pinned versions of popular packages of different shapes: many small files (date-fns, core-js, rxjs, moment's
 * locales), big bundles (react-dom, typescript's compiler, whose largest files exceed the 4 MiB analyzed limit),
 * C++ headers (nan), TypeScript sources (ajv, zod).
 */
export const BENCH_TARBALLS = [
  'lodash@4.17.21',
  'express@4.21.2',
  'moment@2.30.1',
  'rxjs@7.8.1',
  'date-fns@3.6.0',
  'core-js@3.37.1',
  'react-dom@18.3.1',
  'node-forge@1.3.1',
  'ajv@8.17.1',
  'zod@3.23.8',
  'nan@2.20.0',
  'typescript@5.4.5',
]

export interface AnalyzersOptions {
  /** name@version, .tgz files or folders of them (default: BENCH_TARBALLS) */
  tarballs?: string[]
  rounds?: number
  /** analyzer names (default: all) */
  analyzers?: string[]
  cache?: string
}

export async function analyzersBench(out: Out = CONSOLE, opts: AnalyzersOptions = {}): Promise<Figure[]> {
  const rounds = opts.rounds ?? 3
  const cache = opts.cache ?? DEFAULT_TARBALL_CACHE
  const wanted = opts.analyzers
  const analyzers = wanted ? DEFAULT_ANALYZERS.filter((a) => wanted.includes(a.name)) : DEFAULT_ANALYZERS
  if (wanted && analyzers.length !== wanted.length)
    throw new Error(`--analyzers: known analyzers are ${DEFAULT_ANALYZERS.map((a) => a.name).join(', ')}`)

  const tarballs: string[] = []
  for (const arg of opts.tarballs ?? BENCH_TARBALLS) {
    const pinned = existsSync(arg) ? undefined : spec(arg)
    if (pinned) {
      const started = performance.now()
      tarballs.push(await cachedTarball(...pinned, cache))
      out.log(`${arg}: ready in ${(performance.now() - started).toFixed(0)} ms`)
    } else if ((await stat(arg)).isDirectory()) {
      for (const f of (await readdir(arg)).sort()) if (f.endsWith('.tgz')) tarballs.push(join(arg, f))
    } else tarballs.push(arg)
  }
  out.log(`tarball cache: ${cache}`)

  const t0 = performance.now()
  spdxIndex()
  out.log(`SPDX index built once per process in ${(performance.now() - t0).toFixed(0)} ms (not counted below)`)
  out.log(`analyzers: ${analyzers.map((a) => `${a.name}@${a.version}`).join(', ')} + file list and MD5s`)

  const mb = (bytes: number) => bytes / 1e6
  let totalBytes = 0
  let totalMs = 0
  let totalCpuMs = 0
  for (const file of tarballs) {
    let bytes = 0
    let files = 0
    let best = Number.POSITIVE_INFINITY
    let cpuMs = 0
    for (let r = 0; r < rounds; r++) {
      const cpu = process.cpuUsage()
      const start = performance.now()
      const walked = await walkTarball(createReadStream(file), analyzers)
      const ms = performance.now() - start
      const used = process.cpuUsage(cpu)
      cpuMs += (used.user + used.system) / 1000
      totalMs += ms
      totalBytes += walked.bytes
      best = Math.min(best, ms)
      bytes = walked.bytes
      files = walked.files.length
    }
    totalCpuMs += cpuMs
    const name = file.split(/[\\/]/).pop()
    out.log(
      `${name}: ${files} files, ${mb(bytes).toFixed(1)} MB unpacked, best ${best.toFixed(0)} ms, ${(mb(bytes) / (best / 1000)).toFixed(1)} MB/s wall, ${((mb(bytes) * rounds) / (cpuMs / 1000)).toFixed(1)} MB/s per core`,
    )
  }
  const wall = mb(totalBytes) / (totalMs / 1000)
  const perCore = mb(totalBytes) / (totalCpuMs / 1000)
  out.log(
    `overall: ${mb(totalBytes).toFixed(1)} MB in ${totalMs.toFixed(0)} ms: ${wall.toFixed(1)} MB/s wall, ${perCore.toFixed(1)} MB/s per core (CPU time; target >= 20)`,
  )
  const which = wanted ? analyzers.map((a) => a.name).join(' + ') : 'every analyzer'
  return [rate(`walk + ${which}, overall`, perCore, 'MB/s per core')]
}

if (isMain(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      rounds: { type: 'string', default: '3' },
      analyzers: { type: 'string' },
      cache: { type: 'string', default: DEFAULT_TARBALL_CACHE },
    },
  })
  try {
    await analyzersBench(CONSOLE, {
      rounds: Math.max(1, Number(values.rounds) || 1),
      ...(positionals.length > 0 ? { tarballs: positionals } : {}),
      ...(values.analyzers ? { analyzers: values.analyzers.split(',').map((s) => s.trim()) } : {}),
      cache: values.cache as string,
    })
  } catch (err) {
    console.error((err as Error).message)
    process.exit(2)
  }
}
