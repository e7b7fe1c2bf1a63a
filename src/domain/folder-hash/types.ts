// Types of the folder-hash scan (docs/folder-hashing.md): the request tree, its filters, the index it reads.
import type { LicenseEntry } from '../licenses/spdx.ts'
import type { U64 } from './primitives.ts'

export const FOLDER_HASH_ANALYZER = 'folder-hash'

/** A node of a scan request, parsed: hashes absent when the client sent null (a small folder). */
export interface ScanNode {
  pathId: string
  hashes: { names: U64; content: U64; dirs: U64 } | undefined
  children: ScanNode[]
}

export interface ScanFilters {
  /** Components ranked above this (1 best … 9) are left out. */
  rankThreshold: number
  /** A PURL type (e.g. npm): only components of that type. */
  category: string | undefined
  /** At most this many components per folder. */
  queryLimit: number
  /** A folder (other than the root) whose match scores at least this is not searched below. 0: always search. */
  recursiveThreshold: number
  /** Versions must score strictly above this. */
  minAcceptedScore: number
}

/** An indexed folder the index returned for some band key. */
export interface IndexedNode {
  nodeId: number
  versionId: number
  /** The folder's path relative to its package folder ('.' for the package folder itself). */
  path: string
  names: U64
  content: U64
  dirs: U64
  /** The dir-names hash once installed at node_modules/<name> (domain/folder-hash/installed.ts), when indexed. */
  dirsInstalled?: U64
}

/** What a match needs to know of an indexed version and its component. */
export interface IndexedVersion {
  versionId: number
  version: string
  releasedAt: string | null
  purl: string
  type: string
  namespace: string
  name: string
  /** Dependents in the KB (the search's popularity). */
  popularity: number
  status: string
  hasRepository: boolean
}

/** The folder-hash index of the KB (src/storage/folder-index.ts). */
export interface FolderIndex {
  /** Every indexed folder stored under any of these band keys, once each, in one query per chunk of keys. */
  nodesWithBands(keys: readonly number[]): Promise<IndexedNode[]>
  /** The versions with their components, in one query. */
  versions(versionIds: readonly number[]): Promise<Map<number, IndexedVersion>>
}

interface VersionMatch {
  version: string
  score: number
  licenses: LicenseEntry[]
}

export interface ComponentMatch {
  purl: string
  name: string
  vendor: string
  versions: VersionMatch[]
  rank: number
  order: number
}

export interface FolderResult {
  pathId: string
  components: ComponentMatch[]
}

/** One indexed folder of a version: hashes as 16 hex digits, extensions as the client counts them. */
export interface IndexedFolder {
  /** '/'-separated, relative to the package folder; '.' for the package folder itself. */
  path: string
  files: number
  names: string
  content: string
  dirs: string
  lang_extensions: Record<string, number>
}

export interface FolderHashOutput {
  folders: IndexedFolder[]
}
