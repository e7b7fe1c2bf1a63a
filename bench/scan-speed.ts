// On-demand speed of the engine scan, POST /scan/direct (docs/benchmarks.md "The engine scan"); never in CI.
// The query: --files real files of this repository's own node_modules (packages in a seeded order, at most 40
// files of each, every kind a project's scan meets: code, JSON, docs, binaries), fingerprinted with wfpForFile (the
// WFP scanoss-js writes) and posted over HTTP on 127.0.0.1 in one post, and in posts of at most 64 KB one after the
// other. The index: a private copy of the seeded KB plus --packages seed packages indexed for snippets
// (scan-corpus.ts), then grown --growth-fold with GENERATED contents (labelled: MD5 column `generated:N`, bench-only,
// never in a shipped KB; the line and fingerprint counts of the real contents, cycled; random fingerprints spread
// over the lines; no file holds them, so they only cost lookups). Median of --runs runs at each size, their ratio,
// the index's size on SQLite (dbstat), and alone, each time as a multiple of bare Fastify's median latency (L0).
//
// Usage: node --import ./bin/register-ts.js bench/scan-speed.ts [--packages 200] [--files 1000] [--growth 10]
//   [--runs 5]
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { wfpForFile } from '../src/domain/scanning/winnowing.ts'
import type { Storage } from '../src/storage/database.ts'
import { chunks } from '../src/storage/kb-rows.ts'
import { measureBaseline } from './baseline.ts'
import { indexSeedPackages, indexTotals, packPosts, postWfp, prng } from './scan-corpus.ts'
import { CONSOLE, type Figure, isMain, type Out, other, time } from './scenario.ts'
import { sample, seededApp } from './seeded-kb.ts'

const NODE_MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url))

/** Files per package at most, so that the query spans many packages (their first in path order). */
const PER_PACKAGE = 40

/** `count` files of node_modules: packages in a seeded order, the first PER_PACKAGE files of each (not nested ones). */
function nodeModulesWfps(count: number, seed: number): { wfps: string[]; packages: number; bytes: number } {
  const names = readdirSync(NODE_MODULES)
    .filter((n) => !n.startsWith('.'))
    .flatMap((n) => (n.startsWith('@') ? readdirSync(path.join(NODE_MODULES, n)).map((s) => `${n}/${s}`) : [n]))
    .sort()
  const rng = prng(seed)
  const order = names.map((n) => ({ n, k: rng.next() })).sort((a, b) => a.k - b.k)
  const files: string[] = []
  let cap = 0
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(NODE_MODULES, rel), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      if (files.length >= cap) return
      const child = `${rel}/${e.name}`
      if (e.isDirectory() && e.name !== 'node_modules') walk(child)
      else if (e.isFile()) files.push(child)
    }
  }
  let packages = 0
  for (const { n } of order) {
    if (files.length >= count) break
    cap = Math.min(count, files.length + PER_PACKAGE)
    walk(n)
    packages++
  }
  let bytes = 0
  const wfps = files.map((f) => {
    bytes += statSync(path.join(NODE_MODULES, f)).size
    return wfpForFile(`node_modules/${f}`, readFileSync(path.join(NODE_MODULES, f)))
  })
  return { wfps, packages, bytes }
}

/** Adds about `rows` GENERATED fingerprint rows: contents shaped like the real ones (cycled), random fingerprints. */
async function grow(storage: Storage, rows: number): Promise<void> {
  const db = storage.db
  const shapes = (
    await sql<{ lines: number; fingerprints: number }>`select lines, fingerprints from snippet_contents
  where md5 not like 'generated:%' and fingerprints > 0 order by id`.execute(db)
  ).rows
  const most = shapes.reduce((m, s) => Math.max(m, s.fingerprints), 0)
  await sql`create temp table if not exists bench_n (i integer primary key)`.execute(db)
  await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${most})
  insert or ignore into bench_n select i from n`.execute(db)
  const start = Number((await sql<{ n: number }>`select count(*) as n from snippet_contents`.execute(db)).rows[0]?.n)
  for (let added = 0, i = start; added < rows; ) {
    const batch: { md5: string; lines: number; fingerprints: number }[] = []
    for (let inBatch = 0; inBatch < 1_000_000 && added < rows; i++) {
      const s = shapes[i % shapes.length] as { lines: number; fingerprints: number }
      batch.push({ md5: `generated:${i}`, lines: s.lines, fingerprints: s.fingerprints })
      inBatch += s.fingerprints
      added += s.fingerprints
    }
    await db.transaction().execute(async (trx) => {
      const from = Number(
        (await sql<{ id: number }>`select max(id) as id from snippet_contents`.execute(trx)).rows[0]?.id,
      )
      for (const part of chunks(batch, 3)) await trx.insertInto('snippet_contents').values(part).execute()
      // random() >> 32: a signed 32-bit fingerprint, as the index stores them; lines spread evenly over the content
      await sql`insert or ignore into snippet_hashes (hash, content_id, line)
      select random() >> 32, c.id, 1 + (n.i * c.lines) / c.fingerprints
      from snippet_contents c join bench_n n on n.i < c.fingerprints where c.id > ${from} order by 1`.execute(trx)
    })
  }
}

export async function scanSpeedBench(
  out: Out = CONSOLE,
  {
    packages = 200,
    files = 1000,
    growth = 10,
    runs = 5,
  }: { packages?: number; files?: number; growth?: number; runs?: number } = {},
): Promise<Figure[]> {
  const kb = await seededApp()
  try {
    await indexSeedPackages(kb.storage, packages, 1, out.log)
    const query = nodeModulesWfps(files, 1)
    const whole = query.wfps.join('')
    const posts = packPosts(query.wfps)
    out.log(
      `query: ${query.wfps.length} files of ${query.packages} packages of node_modules (${(query.bytes / 1e6).toFixed(1)} MB), ` +
        `WFP ${(whole.length / 1e6).toFixed(2)} MB; ${posts.length} posts of at most 64 KB`,
    )
    const url = await kb.app.listen({ host: '127.0.0.1', port: 0 })
    const measure = async (label: string) => {
      const answer = await postWfp(url, kb.key, whole)
      const ids = Object.values(answer).map((m) => m[0]?.id)
      const one = await sample(async () => void (await postWfp(url, kb.key, whole)), runs, 1)
      const split = await sample(
        async () => {
          for (const p of posts) await postWfp(url, kb.key, p)
        },
        runs,
        1,
      )
      const t = await indexTotals(kb.storage)
      out.log(
        `${label}: ${t.contents} contents, ${t.rows} fingerprint rows, ${(t.bytes / 1e6).toFixed(0)} MB on SQLite; ` +
          `answers ${ids.filter((i) => i === 'file').length} file, ${ids.filter((i) => i === 'snippet').length} snippet, ` +
          `${ids.filter((i) => i === 'none').length} none; one post median ${one.median.toFixed(0)} ms (p95 ` +
          `${one.p95.toFixed(0)}), ${posts.length} posts of 64 KB median ${split.median.toFixed(0)} ms`,
      )
      return { one: one.median, split: split.median, ...t }
    }
    const small = await measure('index x1')
    out.log(
      `  bytes per indexed content ${(small.bytes / small.contents).toFixed(0)}, per fingerprint row ${(small.bytes / small.rows).toFixed(1)}`,
    )
    const t0 = performance.now()
    await grow(kb.storage, (growth - 1) * small.rows)
    const grown = (await indexTotals(kb.storage)).rows - small.rows
    out.log(`  generated ${grown} fingerprint rows in ${((performance.now() - t0) / 1000).toFixed(0)} s`)
    const big = await measure(`index x${growth}`)
    out.log(
      `time ratio x${growth} / x1: one post ${(big.one / small.one).toFixed(2)}, 64 KB posts ${(big.split / small.split).toFixed(2)} (goal < 2; goal x1 < 2 s)`,
    )
    const n = query.wfps.length
    return [
      time(`${n}-file WFP in one post, ${small.rows} index rows, median`, small.one),
      time(`${n}-file WFP in ${posts.length} posts of 64 KB, ${small.rows} index rows, median`, small.split),
      time(`${n}-file WFP in one post, ${big.rows} index rows, median`, big.one),
      other(`time ratio x${growth} / x1, one post`, big.one / small.one, '×'),
      other(`time ratio x${growth} / x1, 64 KB posts`, big.split / small.split, '×'),
      other('index bytes per fingerprint row (SQLite)', small.bytes / small.rows, 'B'),
    ]
  } finally {
    await kb.close()
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      packages: { type: 'string', default: '200' },
      files: { type: 'string', default: '1000' },
      growth: { type: 'string', default: '10' },
      runs: { type: 'string', default: '5' },
    },
  })
  const figures = await scanSpeedBench(CONSOLE, {
    packages: Math.min(Math.max(Number(values.packages) || 200, 1), 848),
    files: Math.min(Math.max(Number(values.files) || 1000, 1), 10_000),
    growth: Math.min(Math.max(Number(values.growth) || 10, 2), 20),
    runs: Math.min(Math.max(Number(values.runs) || 5, 1), 50),
  })
  const base = await measureBaseline({ seconds: 5, connections: 50 })
  for (const f of figures.filter((x) => x.kind === 'time'))
    console.log(
      `${f.figure}: ${(f.value / base.latencyMs).toFixed(0)} L0 (bare Fastify's median ${base.latencyMs.toFixed(3)} ms)`,
    )
}
