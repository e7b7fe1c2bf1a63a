// On-demand accuracy of the folder-hash scan on real data (docs/folder-hashing.md "Measured"); never run in CI.
// For seed npm package versions that have folder hashes, the real tarball is fetched (tarball-cache.ts), unpacked into
// a temporary folder as it would sit in node_modules, hashed with the client algorithm (the same code as
// `compintel hash`) and scanned through POST /v2/scanning/hfh/scan on an app over the seeded KB.
// Reports: top-1 purl right, right version first, right version among the top 3. With --leave-out, each version's
// own folders are first deleted from (a private copy of) the index, so the scan must find the package through its
// other versions: the case of a version the KB has not indexed.
//
// Usage: node --import ./bin/register-ts.js bench/folder-hash-accuracy.ts [--count 60] [--leave-out]
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import * as tar from 'tar'
import { hashFolder } from '../src/cli/folder-walk.ts'
import { pythonJson, scanRequest } from '../src/domain/folder-hash/request.ts'
import { CONSOLE, type Figure, isMain, type Out, other, time } from './scenario.ts'
import { seededApp } from './seeded-kb.ts'
import { cachedTarball } from './tarball-cache.ts'

export async function folderHashAccuracyBench(
  out: Out = CONSOLE,
  { count = 60, leaveOut = false }: { count?: number; leaveOut?: boolean } = {},
): Promise<Figure[]> {
  const kb = await seededApp()
  const rows = await sql<{ purl: string; name: string; version: string }>`
  select c.purl as purl, c.purl_name as name, v.version as version
  from folder_nodes n join versions v on v.id = n.version_id join components c on c.id = v.component_id
  where n.path = '.' and c.purl_type = 'npm' order by c.purl, v.sort_key`.execute(kb.storage.db)
  const others = await sql<{ purl: string; n: number }>`
  select c.purl as purl, count(distinct n.version_id) as n
  from folder_nodes n join versions v on v.id = n.version_id join components c on c.id = v.component_id
  where n.path = '.' and c.purl_type = 'npm' group by c.purl`.execute(kb.storage.db)
  const indexedVersions = new Map(others.rows.map((r) => [r.purl, Number(r.n)]))
  const all = leaveOut ? rows.rows.filter((r) => (indexedVersions.get(r.purl) ?? 0) > 1) : rows.rows
  // An even spread over the sorted list: packages of every kind, several versions of the multi-version ones.
  const step = all.length / count
  const chosen = Array.from(
    { length: Math.min(count, all.length) },
    (_, i) => all[Math.floor(i * step)] as (typeof all)[0],
  )
  out.log(`${all.length} seed npm versions have a hashed package folder; scanning ${chosen.length} of them`)

  const work = await mkdtemp(join(tmpdir(), 'compintel-hfh-accuracy-'))
  let top1 = 0
  let version1 = 0
  let version3 = 0
  const misses: string[] = []
  const latencies: number[] = []
  try {
    for (const [i, c] of chosen.entries()) {
      const file = await cachedTarball(c.name, c.version)
      const dir = join(work, String(i), 'node_modules', c.name)
      await mkdir(dir, { recursive: true })
      await tar.x({ file, cwd: dir, strip: 1 })
      const body = pythonJson(scanRequest(await hashFolder(dir), 1))
      if (leaveOut) await forget(c.purl, c.version)
      const started = performance.now()
      const res = await kb.app.inject({
        method: 'POST',
        url: '/v2/scanning/hfh/scan',
        headers: { 'x-api-key': kb.key, 'content-type': 'application/json' },
        payload: body,
      })
      latencies.push(performance.now() - started)
      const reply = res.json() as {
        results: { path_id: string; components: { purl: string; versions: { version: string; score: number }[] }[] }[]
      }
      const best = reply.results.find((r) => r.path_id === '.')?.components[0]
      const versions = best?.versions.map((v) => v.version) ?? []
      const okPurl = best?.purl === c.purl
      if (okPurl) top1++
      if (okPurl && versions[0] === c.version) version1++
      if (okPurl && versions.slice(0, 3).includes(c.version)) version3++
      else
        misses.push(
          `${c.purl}@${c.version} → ${
            best
              ? `${best.purl} [${best.versions
                  .slice(0, 3)
                  .map((v) => `${v.version} ${v.score}`)
                  .join(', ')}]`
              : 'nothing'
          }`,
        )
      await rm(join(work, String(i)), { recursive: true, force: true })
    }
  } finally {
    await rm(work, { recursive: true, force: true })
    await kb.close()
  }
  /** Deletes a version's indexed folders from the bench's private KB copy. */
  async function forget(purl: string, version: string) {
    const ids = sql`select n.id from folder_nodes n join versions v on v.id = n.version_id
    join components c on c.id = v.component_id where c.purl = ${purl} and v.version = ${version}`
    await sql`delete from folder_node_bands where node_id in (${ids})`.execute(kb.storage.db)
    await sql`delete from folder_nodes where id in (${ids})`.execute(kb.storage.db)
  }

  const pct = (n: number) => `${((100 * n) / chosen.length).toFixed(1)}%`
  latencies.sort((a, b) => a - b)
  const median = latencies[Math.floor(latencies.length / 2)] as number
  out.log(`top-1 purl right:            ${top1}/${chosen.length} (${pct(top1)}; target >= 95%)`)
  out.log(`right version first:         ${version1}/${chosen.length} (${pct(version1)})`)
  out.log(`right version in the top 3:  ${version3}/${chosen.length} (${pct(version3)}; target >= 80%)`)
  out.log(`scan latency (1 folder): median ${median.toFixed(1)} ms`)
  for (const m of misses) out.log(`  miss: ${m}`)
  const share = (n: number) => (100 * n) / chosen.length
  const of = `of ${chosen.length} seed versions${leaveOut ? ', own folders left out' : ''}`
  return [
    other(`top-1 purl right (${of})`, share(top1), '%'),
    other('right version first', share(version1), '%'),
    other('right version in the top 3', share(version3), '%'),
    time('scan latency (one package folder), median', median),
  ]
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { count: { type: 'string', default: '60' }, 'leave-out': { type: 'boolean', default: false } },
  })
  await folderHashAccuracyBench(CONSOLE, {
    count: Math.min(Math.max(Number(values.count) || 60, 1), 500),
    leaveOut: values['leave-out'] === true,
  })
}
