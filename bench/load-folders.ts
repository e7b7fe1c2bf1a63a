// Real folder-scan requests for the load test: "projects" whose node_modules hold seed package versions that the
// KB has folder hashes for, unpacked from their real tarballs (bench/tarball-cache.ts) and hashed with the client
// algorithm (the code of `compintel hash`), sent as scanoss-py sends them (Python's JSON bytes).
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import * as tar from 'tar'
import { hashFolder } from '../src/cli/folder-walk.ts'
import { pythonJson, scanRequest } from '../src/domain/folder-hash/request.ts'
import type { Storage } from '../src/storage/database.ts'
import { cachedTarball } from './tarball-cache.ts'

export interface ScanOptions {
  /** Distinct projects (request bodies). */
  projects?: number
  /** Packages in each project's node_modules. */
  perProject?: number
  /** Request depth: 1 the project, 2 node_modules, 3 each package, 4 a package's folders (and scoped packages). */
  depth?: number
}

/** The bodies, and how many folder nodes each request holds. */
export async function folderScanBodies(
  storage: Storage,
  { projects = 8, perProject = 6, depth = 4 }: ScanOptions = {},
): Promise<{ bodies: string[]; nodes: number[] }> {
  const rows = await sql<{ name: string; version: string }>`
    select c.purl_name as name, v.version as version
    from folder_nodes n join versions v on v.id = n.version_id join components c on c.id = v.component_id
    where n.path = '.' and c.purl_type = 'npm' order by c.purl, v.sort_key`.execute(storage.db)
  const wanted = projects * perProject
  if (rows.rows.length < wanted) throw new Error(`the KB has ${rows.rows.length} hashed package folders`)
  // an even spread over the sorted list: packages of every kind and size, no two the same
  const step = rows.rows.length / wanted
  const chosen = Array.from({ length: wanted }, (_, i) => rows.rows[Math.floor(i * step)] as (typeof rows.rows)[0])
  const work = await mkdtemp(join(tmpdir(), 'compintel-load-scans-'))
  const bodies: string[] = []
  const nodes: number[] = []
  try {
    for (let p = 0; p < projects; p++) {
      const project = join(work, `project-${p}`)
      for (const c of chosen.slice(p * perProject, (p + 1) * perProject)) {
        const dir = join(project, 'node_modules', c.name)
        await mkdir(dir, { recursive: true })
        await tar.x({ file: await cachedTarball(c.name, c.version), cwd: dir, strip: 1 })
      }
      const request = scanRequest(await hashFolder(project), depth)
      bodies.push(pythonJson(request))
      nodes.push(countNodes(request.root))
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
  return { bodies, nodes }
}

function countNodes(n: { children: { children: unknown[] }[] }): number {
  return 1 + n.children.reduce((sum, c) => sum + countNodes(c as typeof n), 0)
}
