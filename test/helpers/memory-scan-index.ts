// An in-memory ScanIndex over real files (the domain scan's tests): each entry a file of a component's version, its
// content indexed once by MD5 with the clients' own fingerprints, as the snippets analyzer and the SQL index do.
import { createHash } from 'node:crypto'
import type { IndexedFile, IndexHit, ScanIndex } from '../../src/domain/scanning/types.ts'
import { fingerprints } from '../../src/domain/scanning/winnowing.ts'

export interface HeldFile {
  purl: string
  version: string
  path: string
  content: Buffer
}

/** Lines of a content as the analyzer counts them: LF count, plus one when the last byte is not LF. */
const lineCount = (b: Buffer) => b.toString('latin1').split('\n').length - (b[b.length - 1] === 0x0a ? 1 : 0)

export function memoryScanIndex(files: readonly HeldFile[]): ScanIndex {
  const places: IndexedFile[] = []
  const contentIds = new Map<string, number>()
  const contents = new Map<number, { md5: string; lines: number }>()
  const holders = new Map<number, { componentId: number; path: string }[]>()
  const entries = new Map<number, IndexHit[]>()
  const componentIds = new Map<string, number>()
  for (const [i, f] of files.entries()) {
    const md5 = createHash('md5').update(f.content).digest('hex')
    const componentId = componentIds.get(f.purl) ?? componentIds.size + 1
    componentIds.set(f.purl, componentId)
    const name = f.purl.slice(f.purl.lastIndexOf('/') + 1)
    const releasedAt = '2026-01-01T00:00:00.000Z'
    places.push({
      md5,
      path: f.path,
      versionId: i + 1,
      version: f.version,
      releasedAt,
      componentId,
      purl: f.purl,
      name,
      namespace: '',
      projectUrl: '',
      latestVersion: f.version,
    })
    let id = contentIds.get(md5)
    if (id === undefined) {
      id = contentIds.size + 1
      contentIds.set(md5, id)
      contents.set(id, { md5, lines: lineCount(f.content) })
      for (const fp of fingerprints(f.content)) {
        const list = entries.get(fp.hash) ?? []
        if (!list.some((e) => e.contentId === id && e.line === fp.line))
          list.push({ hash: fp.hash, contentId: id, line: fp.line })
        entries.set(fp.hash, list)
      }
    }
    holders.set(id, [...(holders.get(id) ?? []), { componentId, path: f.path }])
  }
  return {
    filesByMd5: async (md5s) => places.filter((p) => md5s.includes(p.md5)),
    hits: async (hashes, maxPerHash) =>
      hashes.flatMap((h) => {
        const list = entries.get(h) ?? []
        return list.length > maxPerHash ? [] : list
      }),
    holdersOf: async (ids) => new Map(ids.flatMap((id) => (holders.has(id) ? [[id, holders.get(id) ?? []]] : []))),
    contents: async (ids) =>
      new Map(
        ids.flatMap((id) => (contents.has(id) ? [[id, contents.get(id) as { md5: string; lines: number }]] : [])),
      ),
  }
}
