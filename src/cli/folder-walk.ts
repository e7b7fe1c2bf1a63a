// Reads a folder from disk the way scanoss-py's folder hasher does (docs/folder-hashing.md) and builds its tree.
import { lstat, open, readdir, realpath } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { crc64Stream } from '../domain/folder-hash/crc64.ts'
import type { U64 } from '../domain/folder-hash/primitives.ts'
import { isHashedFile } from '../domain/folder-hash/select.ts'
import { buildFolderTree, type FolderNode, type HashedFile } from '../domain/folder-hash/tree.ts'

/**
 * The tree of `dir`: its real path is the root; regular files only (symlinked files dropped, symlinked directories
 * not entered); nothing at all when a component of the root's real path starts with '.'.
 */
export async function hashFolder(dir: string): Promise<FolderNode> {
  const root = await realpath(dir)
  const hidden = root.split(sep).some((p) => p.startsWith('.'))
  const files: HashedFile[] = []
  if (!hidden) {
    for await (const rel of walk(root, '')) {
      const abs = join(root, ...rel.split('/'))
      const st = await lstat(abs)
      if (!isHashedFile(rel, st.size)) continue
      files.push({ path: rel, crc: await crcOfFile(abs) })
    }
  }
  return buildFolderTree(files)
}

async function* walk(root: string, rel: string): AsyncGenerator<string> {
  const entries = await readdir(rel ? join(root, ...rel.split('/')) : root, { withFileTypes: true })
  for (const e of entries) {
    const path = rel ? `${rel}/${e.name}` : e.name
    if (e.isDirectory()) yield* walk(root, path)
    else if (e.isFile()) yield path // a symlink is neither: dropped, and a symlinked directory is not entered
  }
}

async function crcOfFile(path: string): Promise<U64> {
  const fh = await open(path, 'r')
  try {
    const crc = crc64Stream()
    for await (const chunk of fh.createReadStream({ autoClose: false })) crc.update(chunk as Buffer)
    return crc.digest()
  } finally {
    await fh.close()
  }
}
