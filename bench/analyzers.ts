// On-demand benchmark of the tarball walk + analyzers on real npm tarballs: unpacked MB per second, wall-clock and
// per core (CPU time); never run in CI. The tarballs are a fixed list of pinned package versions, fetched once
// through compintel's own registry client (pacote with your npm configuration: registry, proxy, auth) and checked
// against the packument's integrity, then kept in a cache folder under the system temp dir for later runs.
//
// Usage: node --import tsx bench/analyzers.ts [name@version | file.tgz | dir of .tgz]… [--rounds N]
//          [--analyzers a,b] [--cache DIR]
// Without arguments it runs on BENCH_TARBALLS. `--analyzers code-stats,license-files` measures a subset (the file
// list and MD5s come from the walk and are always measured).
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { spdxIndex } from '../src/ingest/analyzers/license-match.ts'
import { PacoteRegistry } from '../src/ingest/npm/registry.ts'
import { walkTarball } from '../src/ingest/tarball-walk.ts'

/**
 * Pinned versions of popular packages of different shapes: many small files (date-fns, core-js, rxjs, moment's
 * locales), big bundles (react-dom, typescript's compiler, whose largest files exceed the 4 MiB analyzed limit),
 * C++ headers (nan), TypeScript sources (ajv, zod).
 */
const BENCH_TARBALLS = [
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

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '3' },
    analyzers: { type: 'string' },
    cache: { type: 'string', default: join(tmpdir(), 'compintel-bench-tarballs') },
  },
})
const rounds = Math.max(1, Number(values.rounds) || 1)
const wanted = values.analyzers?.split(',').map((s) => s.trim())
const analyzers = wanted ? DEFAULT_ANALYZERS.filter((a) => wanted.includes(a.name)) : DEFAULT_ANALYZERS
if (wanted && analyzers.length !== wanted.length) {
  console.error(`--analyzers: known analyzers are ${DEFAULT_ANALYZERS.map((a) => a.name).join(', ')}`)
  process.exit(2)
}

/** name@version (scoped names too) → [name, version]; undefined for anything else. */
function spec(arg: string): [string, string] | undefined {
  const m = /^((?:@[^/@\s]+\/)?[^@\s/]+)@(\d[^\s]*)$/.exec(arg)
  return m ? [m[1] as string, m[2] as string] : undefined
}

const registry = new PacoteRegistry()

/**
 * The tarball of name@version in the cache. Fetched when missing: the packument's integrity is checked while it
 * streams and kept beside the file (`.integrity`), so a later run re-checks the file without the network.
 */
async function cached(name: string, version: string): Promise<string> {
  const file = join(values.cache as string, `${name.replace('/', '__')}-${version}.tgz`)
  const known = existsSync(`${file}.integrity`) ? (await readFile(`${file}.integrity`, 'utf8')).trim() : undefined
  if (known && existsSync(file) && sri(await readFile(file), known) === known) return file
  const packument = await registry.packument(name)
  const integrity = packument.versions?.[version]?.dist?.integrity
  if (!integrity) throw new Error(`${name}@${version}: the registry lists no such version, or no integrity for it`)
  await mkdir(values.cache as string, { recursive: true })
  const partial = `${file}.${process.pid}.partial`
  try {
    await registry.withTarball(name, version, integrity, (s: Readable) => pipeline(s, createWriteStream(partial)))
    await rename(partial, file)
    await writeFile(`${file}.integrity`, `${integrity}\n`)
  } finally {
    await rm(partial, { force: true })
  }
  return file
}

/** The SRI string of `bytes` in the algorithm `like` uses (sha512 or sha1). */
function sri(bytes: Buffer, like: string): string {
  const algorithm = like.startsWith('sha1-') ? 'sha1' : 'sha512'
  return `${algorithm}-${createHash(algorithm).update(bytes).digest('base64')}`
}

const args = positionals.length > 0 ? positionals : BENCH_TARBALLS
const tarballs: string[] = []
for (const arg of args) {
  const pinned = existsSync(arg) ? undefined : spec(arg)
  if (pinned) {
    const started = performance.now()
    tarballs.push(await cached(...pinned))
    console.log(`${arg}: ready in ${(performance.now() - started).toFixed(0)} ms`)
  } else if ((await stat(arg)).isDirectory()) {
    for (const f of (await readdir(arg)).sort()) if (f.endsWith('.tgz')) tarballs.push(join(arg, f))
  } else tarballs.push(arg)
}
console.log(`tarball cache: ${values.cache}`)

const t0 = performance.now()
spdxIndex()
console.log(`SPDX index built once per process in ${(performance.now() - t0).toFixed(0)} ms (not counted below)`)
console.log(`analyzers: ${analyzers.map((a) => `${a.name}@${a.version}`).join(', ')} + file list and MD5s`)

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
    const out = await walkTarball(createReadStream(file), analyzers)
    const ms = performance.now() - start
    const used = process.cpuUsage(cpu)
    cpuMs += (used.user + used.system) / 1000
    totalMs += ms
    totalBytes += out.bytes
    best = Math.min(best, ms)
    bytes = out.bytes
    files = out.files.length
  }
  totalCpuMs += cpuMs
  const name = file.split(/[\\/]/).pop()
  console.log(
    `${name}: ${files} files, ${mb(bytes).toFixed(1)} MB unpacked, best ${best.toFixed(0)} ms, ${(mb(bytes) / (best / 1000)).toFixed(1)} MB/s wall, ${((mb(bytes) * rounds) / (cpuMs / 1000)).toFixed(1)} MB/s per core`,
  )
}
const wall = mb(totalBytes) / (totalMs / 1000)
const perCore = mb(totalBytes) / (totalCpuMs / 1000)
console.log(
  `overall: ${mb(totalBytes).toFixed(1)} MB in ${totalMs.toFixed(0)} ms: ${wall.toFixed(1)} MB/s wall, ${perCore.toFixed(1)} MB/s per core (CPU time; target >= 20)`,
)
