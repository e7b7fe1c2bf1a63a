// The folder-hash analyzer: the client's folder-hash tree of the package as it sits on disk once installed (for
// npm, the unpacked package folder), so a folder scan of that folder can be matched (docs/folder-hashing.md).
//
// Every node with hashes is kept (a node without hashes has none below it either: its subtrees are smaller). The
// directory-names hash is that of a scan rooted at the package folder; a scan rooted higher (a project holding
// node_modules/<name>) adds its own ancestors to that set, which is why matching weighs names and contents first.
import { toHex16 } from '../../domain/folder-hash/primitives.ts'
import { isHashedFile } from '../../domain/folder-hash/select.ts'
import { buildFolderTree, type FolderNode, type HashedFile } from '../../domain/folder-hash/tree.ts'
import { FOLDER_HASH_ANALYZER, type FolderHashOutput, type IndexedFolder } from '../../domain/folder-hash/types.ts'
import type { Analyzer } from './types.ts'

function indexedFolders(root: FolderNode): IndexedFolder[] {
  const out: IndexedFolder[] = []
  const visit = (n: FolderNode) => {
    if (!n.hashes) return
    out.push({
      path: n.path,
      files: n.files,
      names: toHex16(n.hashes.names),
      content: toHex16(n.hashes.content),
      dirs: toHex16(n.hashes.dirs),
      lang_extensions: Object.fromEntries(n.hashes.langExtensions),
    })
    for (const c of n.children) visit(c)
  }
  visit(root)
  return out
}

export const folderHashAnalyzer: Analyzer<FolderHashOutput> = {
  name: FOLDER_HASH_ANALYZER,
  version: '1',
  start() {
    const byPath = new Map<string, HashedFile>() // a duplicate tarball entry replaces the earlier one
    return {
      file(e) {
        if (isHashedFile(e.path, e.size)) byPath.set(e.path, { path: e.path, crc: e.crc64 })
        else byPath.delete(e.path)
      },
      finish: () => ({ folders: indexedFolders(buildFolderTree([...byPath.values()])) }),
    }
  },
}
