// The dir-names hash each folder of an npm package has once the package is installed: a project scanned from its
// root holds it at node_modules/<name>, and the client takes the directory names of every file's path relative to
// the scan root, so that folder's set also holds `node_modules` and the name's segments (docs/folder-hashing.md
// "Installed copies"). The names and content hashes do not depend on where the folder sits; only this one does.
import type { U64 } from './primitives.ts'
import { isHashedFile } from './select.ts'
import { buildFolderTree, type FolderNode } from './tree.ts'

/** Content does not enter the dir-names hash: every file gets the same placeholder. */
const NO_CONTENT: U64 = { hi: 0, lo: 0 }

/**
 * Folder path (relative to the package folder, '.' for itself) → its dir-names hash at node_modules/<purlName>,
 * for the folders that have hashes (the same ones as in the package's own tree: the file sets are the same).
 */
export function installedDirs(files: readonly { path: string; size: number }[], purlName: string): Map<string, U64> {
  const prefix = `node_modules/${purlName}`
  const tree = buildFolderTree(
    files.filter((f) => isHashedFile(f.path, f.size)).map((f) => ({ path: `${prefix}/${f.path}`, crc: NO_CONTENT })),
  )
  const out = new Map<string, U64>()
  const visit = (n: FolderNode) => {
    if (n.hashes && (n.path === prefix || n.path.startsWith(`${prefix}/`)))
      out.set(n.path === prefix ? '.' : n.path.slice(prefix.length + 1), n.hashes.dirs)
    for (const c of n.children) visit(c)
  }
  visit(tree)
  return out
}
