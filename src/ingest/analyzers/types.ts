// The contract between the tarball walk and the analyzers it streams each package's files through.
import type { U64 } from '../../domain/folder-hash/primitives.ts'

/** Files larger than this are hashed and listed but their content is not handed to analyzers (4 MiB). */
export const MAX_ANALYZED_BYTES = 4 * 1024 * 1024

/** A regular file of a package, as the walk hands it to analyzers. */
export interface FileEntry {
  /** Relative to the package root, '/'-separated, the tarball's single top directory ('package/') stripped. */
  path: string
  size: number
  /** MD5 of the whole content, lower-case hex. */
  md5: string
  /** CRC-64/XZ of the whole content (the folder hasher's content key). */
  crc64: U64
  /** The content; undefined when the file is larger than MAX_ANALYZED_BYTES (it is still hashed). */
  content: Buffer | undefined
}

/** One row of a package's file list: a FileEntry without its content. */
export type FileInfo = Omit<FileEntry, 'content' | 'crc64'>

/**
 * An analyzer: a name and a version (bump the version whenever the output for the same input can change, so the
 * pipeline re-runs it), and a factory for one run over one package version.
 */
export interface Analyzer<Out> {
  readonly name: string
  readonly version: string
  /** A fresh run for one package version; runs must not share mutable state. */
  start(): AnalyzerRun<Out>
}

/**
 * One run over one package version. file() is called once per regular file in tarball order; a tarball can hold
 * the same path twice, and then a later file() call for a path REPLACES what the earlier one contributed (the
 * last entry wins, as when npm extracts). finish() is called once, after the last file, and returns a
 * JSON-serialisable output.
 */
interface AnalyzerRun<Out> {
  file(entry: FileEntry): void
  finish(): Out
}
