// The folder-hash tree of a set of files (docs/api-behaviour.md "Folder hashing (client)"): one node per directory,
// each hashing all the files of its subtree. Shared by the client-side hasher (`compintel hash`) and the KB analyzer.
import {
  ALL_ONES,
  bigEndianBytes,
  fingerprintOf,
  fnv1_64,
  newVotes,
  tokenHashes,
  type U64,
  type Votes,
  vote,
  wordSimhash,
} from './primitives.ts'
import { compareCodePoints, splitExt } from './select.ts'

/** A selected file: its '/'-separated path relative to the scan root and the CRC-64/XZ of its content. */
export interface HashedFile {
  path: string
  crc: U64
}

/** The hashes of one node; all absent (the client's nulls) for a node of fewer than 8 files or short names. */
interface NodeHashes {
  names: U64
  content: U64
  dirs: U64
  /** Extension (without the dot, case kept) → files, in first-seen order. */
  langExtensions: Map<string, number>
}

export interface FolderNode {
  /** '/'-separated path relative to the scan root; '.' for the root. */
  path: string
  /** Files in the subtree. */
  files: number
  /** Nesting level: the root is 1. */
  depth: number
  hashes: NodeHashes | undefined
  children: FolderNode[]
}

/** Below this many files a node has no hashes. */
const MIN_FILES = 8
/** Below this many UTF-8 bytes of basenames (all files, duplicates included) a node has no hashes. */
const MIN_NAME_BYTES = 32

interface Building {
  path: string
  depth: number
  files: number[] // indexes into the sorted file list
  children: Building[]
  byName: Map<string, Building>
}

/** Builds the tree of every directory holding a selected file, with the hashes of each node. */
export function buildFolderTree(files: readonly HashedFile[]): FolderNode {
  const sorted = [...files].sort((a, b) => compareCodePoints(a.path, b.path))
  const root: Building = { path: '.', depth: 1, files: [], children: [], byName: new Map() }
  sorted.forEach((f, i) => {
    root.files.push(i)
    const dirs = f.path.split('/').slice(0, -1)
    let node = root
    for (const dir of dirs) {
      let child = node.byName.get(dir)
      if (!child) {
        const path = node === root ? dir : `${node.path}/${dir}`
        child = { path, depth: node.depth + 1, files: [], children: [], byName: new Map() }
        node.byName.set(dir, child)
        node.children.push(child)
      }
      child.files.push(i)
      node = child
    }
  })
  const facts = sorted.map(fileFacts)
  const tokens = new Map<string, U64[]>() // stem → its token hashes, computed once per tree
  const finish = (b: Building): FolderNode => ({
    path: b.path,
    files: b.files.length,
    depth: b.depth,
    hashes: nodeHashes(
      b.files.map((i) => facts[i] as FileFacts),
      tokens,
    ),
    children: b.children.map(finish),
  })
  return finish(root)
}

interface FileFacts {
  stem: string
  ext: string
  baseBytes: number
  dirs: string[]
  contentHash: U64
}

const encoder = new TextEncoder()

function fileFacts(f: HashedFile): FileFacts {
  const parts = f.path.split('/')
  const base = parts[parts.length - 1] ?? ''
  const { stem, ext } = splitExt(base)
  return {
    stem,
    ext,
    baseBytes: encoder.encode(base).length,
    dirs: parts.slice(0, -1).filter((d) => d !== '' && d !== '.' && d !== '..'),
    contentHash: fnv1_64(bigEndianBytes(f.crc)),
  }
}

function nodeHashes(files: readonly FileFacts[], tokens: Map<string, U64[]>): NodeHashes | undefined {
  if (files.length < MIN_FILES) return undefined
  let nameBytes = 0
  for (const f of files) nameBytes += f.baseBytes
  if (nameBytes < MIN_NAME_BYTES) return undefined
  const stems = new Set<string>()
  const dirs = new Set<string>()
  const langExtensions = new Map<string, number>()
  const content = newVotes()
  for (const f of files) {
    stems.add(f.stem)
    for (const d of f.dirs) dirs.add(d)
    if (f.ext.length > 1) {
      const key = f.ext.slice(1)
      langExtensions.set(key, (langExtensions.get(key) ?? 0) + 1)
    }
    vote(content, f.contentHash)
  }
  return {
    // The client joins the sorted words with spaces; a fingerprint does not depend on the order of its features.
    names: wordsFingerprint(stems, tokens),
    content: fingerprintOf(content),
    dirs: dirs.size === 0 ? ALL_ONES : wordSimhash([...dirs].join(' ')),
    langExtensions,
  }
}

/** WordSimhash of the words joined by spaces: a space separates tokens, so each word's tokens are taken alone. */
function wordsFingerprint(words: Iterable<string>, cache: Map<string, U64[]>): U64 {
  const v: Votes = newVotes()
  for (const w of words) {
    let hashes = cache.get(w)
    if (!hashes) {
      hashes = tokenHashes(w)
      cache.set(w, hashes)
    }
    for (const h of hashes) vote(v, h)
  }
  return fingerprintOf(v)
}
