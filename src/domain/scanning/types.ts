// The scan's ports and shapes (docs/scanning.md): what the KB keeps to match posted WFP fingerprints, and what the
// matcher reads from it. Storage implements ScanIndex; the ingest writes SnippetContent through the KB writer.

export const SNIPPETS_ANALYZER = 'snippets'

/** One winnowing fingerprint: the unsigned 32-bit hash and the line it is attributed to (1-based). */
export interface Fingerprint {
  line: number
  hash: number
}

/** An indexed file content's fingerprints, kept once per distinct content (by MD5). */
export interface SnippetContent {
  md5: string
  /** Lines of the content: LF count, plus one when the last byte is not LF. */
  lines: number
  fingerprints: Fingerprint[]
}

/** Where a file content sits in the KB: one row per (version, path) holding it. */
export interface IndexedFile {
  md5: string
  path: string
  versionId: number
  version: string
  releasedAt: string | null
  componentId: number
  /** The component's purl without version. */
  purl: string
  name: string
  namespace: string
  projectUrl: string
  latestVersion: string | null
}

/** A fingerprint of the index found at a content's line. */
export interface IndexHit {
  hash: number
  contentId: number
  line: number
}

export interface ScanIndex {
  /** Every place each of these MD5s is known at (file matches, and the files of a snippet's content). */
  filesByMd5(md5s: readonly string[]): Promise<IndexedFile[]>
  /** The index's entries for these fingerprints; a fingerprint with more than `maxPerHash` entries is left out. */
  hits(hashes: readonly number[], maxPerHash: number): Promise<IndexHit[]>
  /** The components and paths holding each of these indexed contents, in any version (widespread.ts). */
  holdersOf(contentIds: readonly number[]): Promise<Map<number, readonly { componentId: number; path: string }[]>>
  /** The MD5 and line count of these indexed contents. */
  contents(ids: readonly number[]): Promise<Map<number, { md5: string; lines: number }>>
}
