// On-demand speed of the folder-hash scan as the index grows (docs/folder-hashing.md "Measured"); never run in CI.
// The seeded KB's real folders are topped up with GENERATED folders (labelled: they belong to the bench-only
// component pkg:generic/compintel-bench-generated of a private KB copy, never to a shipped KB) until the index
// holds --base folders, then tenfold that. Generated folders come as packages of ten "versions" (a random base
// hash, each version a few bits away), the shape real packages have. The query is a 1,000-folder tree whose
// folders are real indexed ones, so every folder has real candidates; the time is that of POST
// /v2/scanning/hfh/scan in-process (median and p95 of --runs runs), and the ratio is taken in the same run.
//
// Usage: node --import ./bin/register-ts.js bench/folder-hash-speed.ts [--base 200000] [--growth 10] [--runs 15]
import { parseArgs } from 'node:util'
import { type Insertable, sql } from 'kysely'
import { bandKeys } from '../src/domain/folder-hash/bands.ts'
import { toHex16, type U64 } from '../src/domain/folder-hash/primitives.ts'
import { chunks } from '../src/storage/kb-rows.ts'
import type { FolderNodeBandsTable, FolderNodesTable } from '../src/storage/schema.ts'
import { CONSOLE, type Figure, isMain, type Out, other, time } from './scenario.ts'
import { sample, seededApp } from './seeded-kb.ts'

export async function folderHashSpeedBench(
  out: Out = CONSOLE,
  { base = 200_000, growth = 10, runs = 15 }: { base?: number; growth?: number; runs?: number } = {},
): Promise<Figure[]> {
  const kb = await seededApp()
  const db = kb.storage.db
  const count = async () =>
    Number((await sql<{ n: number }>`select count(*) as n from folder_nodes`.execute(db)).rows[0]?.n)
  const real = await count()

  // The query: 1,000 real folders (hashes as the index holds them) under a root that is one of them.
  const picked = await sql<{ names: string; content: string; dirs: string }>`
  select names, content, dirs from folder_nodes order by id limit 1000`.execute(db)
  const folder = (r: { names: string; content: string; dirs: string }, i: number) => ({
    path_id: i === 0 ? '.' : `d${i}`,
    sim_hash_names: r.names,
    sim_hash_content: r.content,
    sim_hash_dir_names: r.dirs,
    lang_extensions: { js: 10 },
    children: [] as unknown[],
  })
  const [first, ...rest] = picked.rows.map(folder)
  if (!first) throw new Error('the seeded KB has no indexed folders')
  first.children = rest
  const body = JSON.stringify({ root: first, rank_threshold: 9, recursive_threshold: 0.8, min_accepted_score: 0.15 })

  // The bench-only component and version every generated folder hangs on.
  await sql`insert into components (purl, purl_type, namespace, name, purl_name, facts_hash, first_indexed_at,
  last_indexed_at, source, as_of) values ('pkg:generic/compintel-bench-generated', 'generic', '',
  'compintel-bench-generated', 'compintel-bench-generated', 'generated', '', '', 'bench:generated', '')`.execute(db)
  await sql`insert into versions (component_id, version, sort_key, facts_hash, indexed_at, source, as_of)
  select id, '0', '0', 'generated', '', 'bench:generated', '' from components
  where purl = 'pkg:generic/compintel-bench-generated'`.execute(db)
  const versionId = Number((await sql<{ id: number }>`select max(id) as id from versions`.execute(db)).rows[0]?.id)
  let nextId = Number((await sql<{ id: number }>`select max(id) as id from folder_nodes`.execute(db)).rows[0]?.id) + 1
  let seed = 0x2545f491
  const rand32 = () => {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return seed >>> 0
  }
  const near = (x: U64): U64 => ({ hi: x.hi, lo: (x.lo ^ (1 << (rand32() % 32)) ^ (1 << (rand32() % 32))) >>> 0 })

  async function generate(n: number) {
    const started = performance.now()
    for (let done = 0; done < n; ) {
      const nodes: Insertable<FolderNodesTable>[] = []
      const bands: FolderNodeBandsTable[] = []
      for (let p = 0; p < 2000 && done < n; p++) {
        const names = { hi: rand32(), lo: rand32() }
        const content = { hi: rand32(), lo: rand32() }
        const dirs = { hi: rand32(), lo: rand32() }
        for (let v = 0; v < 10 && done < n; v++, done++) {
          const [nm, ct] = [near(names), near(content)]
          const id = nextId++
          nodes.push({
            id,
            version_id: versionId,
            path: `g/${id}`,
            files: 10,
            names: toHex16(nm),
            content: toHex16(ct),
            dirs: toHex16(dirs),
          })
          for (const band of new Set(bandKeys(nm, ct))) bands.push({ band, node_id: id })
        }
      }
      await db.transaction().execute(async (trx) => {
        for (const part of chunks(nodes, 7)) await trx.insertInto('folder_nodes').values(part).execute()
        for (const part of chunks(bands, 2)) await trx.insertInto('folder_node_bands').values(part).execute()
      })
    }
    out.log(`  generated ${n} folders in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }

  async function measure(label: string) {
    const post = () =>
      kb.app.inject({
        method: 'POST',
        url: '/v2/scanning/hfh/scan',
        headers: { 'x-api-key': kb.key, 'content-type': 'application/json' },
        payload: body,
      })
    const first = await post()
    if (first.statusCode !== 200) throw new Error(`scan answered ${first.statusCode}: ${first.body}`)
    const probe = first.json() as { results: unknown[] }
    const s = await sample(async () => void (await post()), runs, 2)
    out.log(
      `${label}: ${await count()} indexed folders; 1,000-folder tree → ${probe.results.length} folders with matches; median ${s.median.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms`,
    )
    return s.median
  }

  try {
    out.log(`${real} real indexed folders in the seed; growing to ${base}, then ${base * growth}`)
    await generate(Math.max(0, base - real))
    const small = await measure('KB x1')
    await generate(base * growth - (await count()))
    const big = await measure(`KB x${growth}`)
    out.log(`time ratio x${growth} / x1: ${(big / small).toFixed(2)} (target < 2); x1 target < 500 ms`)
    return [
      time(`1,000-folder scan, ${base} indexed folders, median`, small),
      time(`1,000-folder scan, ${base * growth} indexed folders, median`, big),
      other(`time ratio x${growth} / x1`, big / small, '×'),
    ]
  } finally {
    await kb.close()
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: '200000' },
      growth: { type: 'string', default: '10' },
      runs: { type: 'string', default: '15' },
    },
  })
  await folderHashSpeedBench(CONSOLE, {
    base: Math.min(Number(values.base) || 200_000, 5_000_000),
    growth: Math.min(Number(values.growth) || 10, 20),
    runs: Math.min(Number(values.runs) || 15, 100),
  })
}
