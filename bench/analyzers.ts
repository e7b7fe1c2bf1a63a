// On-demand benchmark of the tarball walk + DEFAULT_ANALYZERS: unpacked MB per second on one core; never run in CI.
// Usage: node --import tsx bench/analyzers.ts <dir of .tgz files | file.tgz>... [--rounds N]
import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { spdxIndex } from '../src/ingest/analyzers/license-match.ts'
import { walkTarball } from '../src/ingest/tarball-walk.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '3' } },
})
const rounds = Math.max(1, Number(values.rounds))
const tarballs: string[] = []
for (const p of positionals) {
  if ((await stat(p)).isDirectory()) {
    for (const f of (await readdir(p)).sort()) if (f.endsWith('.tgz')) tarballs.push(join(p, f))
  } else tarballs.push(p)
}
if (tarballs.length === 0) {
  console.error('usage: node --import tsx bench/analyzers.ts <dir of .tgz files | file.tgz>... [--rounds N]')
  process.exit(2)
}

const t0 = performance.now()
spdxIndex()
console.log(`SPDX index built once per process in ${(performance.now() - t0).toFixed(0)} ms (not counted below)`)

const mb = (bytes: number) => bytes / 1e6
let totalBytes = 0
let totalMs = 0
let totalCpuMs = 0
for (const file of tarballs) {
  let bytes = 0
  let files = 0
  let best = Number.POSITIVE_INFINITY
  for (let r = 0; r < rounds; r++) {
    const cpu = process.cpuUsage()
    const start = performance.now()
    const out = await walkTarball(createReadStream(file), DEFAULT_ANALYZERS)
    const ms = performance.now() - start
    const used = process.cpuUsage(cpu)
    totalCpuMs += (used.user + used.system) / 1000
    totalMs += ms
    totalBytes += out.bytes
    best = Math.min(best, ms)
    bytes = out.bytes
    files = out.files.length
  }
  console.log(
    `${file}: ${files} files, ${mb(bytes).toFixed(1)} MB unpacked, best ${best.toFixed(0)} ms, ${(mb(bytes) / (best / 1000)).toFixed(1)} MB/s`,
  )
}
const wall = mb(totalBytes) / (totalMs / 1000)
const perCore = mb(totalBytes) / (totalCpuMs / 1000)
console.log(
  `overall: ${mb(totalBytes).toFixed(1)} MB in ${totalMs.toFixed(0)} ms: ${wall.toFixed(1)} MB/s wall, ${perCore.toFixed(1)} MB/s per core (CPU time; target >= 20)`,
)
