// On-demand precision and recall of the folder-hash scan over whole real node_modules trees (docs/folder-hashing.md
// "Measured"); never run in CI. Two trees are hashed with the client algorithm (`compintel hash`, depth 3) and
// scanned through POST /v2/scanning/hfh/scan on an app over the seeded KB:
// - the real node_modules of this checkout (hundreds of packages, most of them not in the KB), and
// - a project built from real tarballs (tarball-cache.ts): seed versions installed at node_modules/<name>, some
//   nested at node_modules/<other>/node_modules/<name>, some with two files changed, and packages the KB lacks.
// Each reported folder's first component is checked against the package the folder belongs to (the nearest
// package.json whose name its path ends with) or, for a folder holding packages (node_modules, a scope), one of them.
// Precision: reported folders named right. Recall: packages with an indexed folder in the KB (and hashes in the
// request) reported rightly somewhere (the scan reports each purl once, at the folder where it scores best: its
// package folder, a folder inside it, or a node_modules folder holding only it).
//
// Usage: node --import ./bin/register-ts.js bench/folder-hash-precision.ts [--tree node_modules] [--known 24]
import { existsSync } from 'node:fs'
import { appendFile, mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import * as tar from 'tar'
import { hashFolder } from '../src/cli/folder-walk.ts'
import { pythonJson, scanRequest } from '../src/domain/folder-hash/request.ts'
import type { FolderNode } from '../src/domain/folder-hash/tree.ts'
import { CONSOLE, type Figure, isMain, type Out, other } from './scenario.ts'
import { type SeededApp, seededApp } from './seeded-kb.ts'
import { cachedTarball } from './tarball-cache.ts'

/** Real packages the seed KB does not hold (the issue's case first). */
const UNKNOWN = [
  ['@fastify/multipart', '10.1.9'],
  ['@fastify/cors', '11.1.0'],
  ['pino-pretty', '13.1.2'],
] as const

interface Reply {
  results: { path_id: string; components: { purl: string; versions: { version: string; score: number }[] }[] }[]
}

interface TreeFigures {
  reported: number
  right: number
  knownPurls: number
  found: number
  unknownRoots: number
  unknownNamed: number
  wrong: string[]
  missed: string[]
  unknownAnswers: string[]
}

const purlOf = (name: string) => `pkg:npm/${name.replace(/^@/, '%40')}`

/** Scans one folder at a depth and checks every answer against the package each folder belongs to. */
async function measureTree(kb: SeededApp, dir: string, depth: number, indexed: Set<string>): Promise<TreeFigures> {
  const tree = await hashFolder(dir)
  const res = await kb.app.inject({
    method: 'POST',
    url: '/v2/scanning/hfh/scan',
    headers: { 'x-api-key': kb.key, 'content-type': 'application/json' },
    payload: pythonJson(scanRequest(tree, depth)),
  })
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`)
  const reply = res.json() as Reply
  const roots = await packageRoots(dir, tree)
  /** The purls a folder may rightly be named after: its package's, or for a folder holding packages, theirs. */
  const rightFor = (path: string): string[] => {
    for (let p = path; ; p = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '.') {
      const name = roots.get(p)
      if (name && !path.slice(p.length).split('/').includes('node_modules')) return [purlOf(name)]
      if (name || p === '.') break
    }
    const inside = path === '.' ? '' : `${path}/`
    return [...roots].filter(([p]) => p.startsWith(inside)).map(([, name]) => purlOf(name))
  }
  const counts = { reported: 0, right: 0, knownPurls: 0, found: 0, unknownRoots: 0, unknownNamed: 0 }
  const f: TreeFigures = { ...counts, wrong: [], missed: [], unknownAnswers: [] }
  const topAt = new Map(reply.results.map((r) => [r.path_id, r.components[0]]))
  for (const [path, top] of topAt) {
    if (!top) continue
    f.reported++
    const right = rightFor(path)
    if (right.includes(top.purl)) f.right++
    else
      f.wrong.push(
        `${path} (${right.length === 1 ? right[0] : 'holds no such package'}) → ${top.purl} ${top.versions[0]?.score}`,
      )
  }
  // the package folders the request holds with hashes (the client sends the folders down to `depth` levels)
  const inRequest = (n: FolderNode) => n.hashes && (n.path === '.' || n.path.split('/').length <= depth)
  const hashed = new Set(walk(tree).flatMap((n) => (inRequest(n) ? [n.path] : [])))
  const knownRoots = new Map<string, string[]>() // purl → its hashed package folders
  for (const [root, name] of roots) {
    if (!hashed.has(root)) continue
    const purl = purlOf(name)
    if (indexed.has(purl)) knownRoots.set(purl, [...(knownRoots.get(purl) ?? []), root])
    else {
      f.unknownRoots++
      const named = [...topAt].filter(
        ([p, c]) => (p === root || p.startsWith(`${root}/`)) && !rightFor(p).includes(c?.purl ?? ''),
      )
      if (named.length > 0) f.unknownNamed++
      if (UNKNOWN.some(([n]) => n === name))
        f.unknownAnswers.push(
          `${name} → ${named.map(([p, c]) => `${p}: ${c?.purl} ${c?.versions[0]?.score}`).join('; ') || 'no result'}`,
        )
    }
  }
  f.knownPurls = knownRoots.size
  const rightly = new Set(
    reply.results.flatMap((r) => r.components.filter((c) => rightFor(r.path_id).includes(c.purl)).map((c) => c.purl)),
  )
  for (const [purl, at] of knownRoots) {
    if (rightly.has(purl)) f.found++
    else f.missed.push(`${purl} at ${at.join(', ')}`)
  }
  return f
}

function walk(n: FolderNode): FolderNode[] {
  return [n, ...n.children.flatMap(walk)]
}

/** Folder path → package name, for the folders holding a package.json whose name the path ends with. */
async function packageRoots(dir: string, tree: FolderNode): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const n of walk(tree)) {
    const file = join(dir, n.path, 'package.json')
    if (!existsSync(file)) continue
    try {
      const name = (JSON.parse(await readFile(file, 'utf8')) as { name?: unknown }).name
      if (typeof name === 'string' && (n.path === name || `/${n.path}`.endsWith(`/node_modules/${name}`)))
        out.set(n.path, name)
    } catch {
      // not a package manifest
    }
  }
  return out
}

/** A project of real tarballs: known versions (some nested, some with two files changed) and unknown packages. */
async function buildProject(kb: SeededApp, dir: string, count: number): Promise<void> {
  const rows = await sql<{ name: string; version: string; files: number }>`
  select c.purl_name as name, v.version as version, n.files as files
  from folder_nodes n join versions v on v.id = n.version_id join components c on c.id = v.component_id
  where n.path = '.' and c.purl_type = 'npm' order by c.purl, v.sort_key`.execute(kb.storage.db)
  const seen = new Set<string>()
  const distinct = rows.rows.filter((r) => !seen.has(r.name) && seen.add(r.name))
  const step = distinct.length / count
  const chosen = Array.from({ length: count }, (_, i) => distinct[Math.floor(i * step)] as (typeof distinct)[0])
  const install = async (at: string, name: string, version: string) => {
    const to = join(at, 'node_modules', name)
    await mkdir(to, { recursive: true })
    await tar.x({ file: await cachedTarball(name, version), cwd: to, strip: 1 })
    return to
  }
  for (const [i, c] of chosen.entries()) {
    // every third one nested inside the previous package, every third (offset) one with two files changed
    const parent = i % 3 === 1 ? join(dir, 'node_modules', (chosen[i - 1] as (typeof chosen)[0]).name) : dir
    const to = await install(parent, c.name, c.version)
    if (i % 3 === 2) for (const file of ['package.json', 'README.md']) await appendFile(join(to, file), '\n')
  }
  for (const [name, version] of UNKNOWN) await install(dir, name, version)
}

export async function folderHashPrecisionBench(
  out: Out = CONSOLE,
  { tree = 'node_modules', known = 24 }: { tree?: string; known?: number } = {},
): Promise<Figure[]> {
  const kb = await seededApp()
  const work = await mkdtemp(join(tmpdir(), 'compintel-hfh-precision-'))
  const figures: Figure[] = []
  try {
    const indexed = new Set(
      (
        await sql<{ purl: string }>`select distinct c.purl as purl from folder_nodes n
        join versions v on v.id = n.version_id join components c on c.id = v.component_id`.execute(kb.storage.db)
      ).rows.map((r) => r.purl),
    )
    await buildProject(kb, work, known)
    for (const [label, dir, depth] of [
      ['real node_modules (depth 3)', await realpath(tree), 3],
      ['built project (depth 4)', work, 4],
    ] as const) {
      const f = await measureTree(kb, dir, depth, indexed)
      const pct = (a: number, b: number) => (b === 0 ? 100 : (100 * a) / b)
      out.log(
        `${label}: ${f.reported} folders named, ${f.right} right (precision ${pct(f.right, f.reported).toFixed(1)}%)`,
      )
      out.log(`  known packages found: ${f.found}/${f.knownPurls} (recall ${pct(f.found, f.knownPurls).toFixed(1)}%)`)
      out.log(`  package folders the KB lacks: ${f.unknownRoots}, named anyway: ${f.unknownNamed}`)
      for (const a of f.unknownAnswers) out.log(`  unknown: ${a}`)
      for (const w of f.wrong) out.log(`  wrong: ${w}`)
      for (const m of f.missed) out.log(`  missed: ${m}`)
      figures.push(
        other(`${label}: precision (folders named right)`, pct(f.right, f.reported), '%'),
        other(`${label}: recall (known packages found)`, pct(f.found, f.knownPurls), '%'),
        other(`${label}: package folders the KB lacks that were named`, f.unknownNamed, 'folders'),
      )
    }
  } finally {
    await rm(work, { recursive: true, force: true })
    await kb.close()
  }
  return figures
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { tree: { type: 'string', default: 'node_modules' }, known: { type: 'string', default: '24' } },
  })
  await folderHashPrecisionBench(CONSOLE, {
    tree: values.tree,
    known: Math.min(Math.max(Number(values.known) || 24, 3), 300),
  })
}
