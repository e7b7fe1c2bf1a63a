// The settings of `GET /file_contents/{md5}` (docs/configuration.md, docs/scanning.md "File contents"): the largest
// file served, how long one fetch may take, and the on-disk cache of files served before.
import { homedir } from 'node:os'
import path from 'node:path'
import type { SettingReaders } from './readers.ts'

export interface FileContentsConfig {
  /** Larger files are answered 413, as the engine does past SCANOSS_FILE_CONTENTS_LIMIT (default 50 MB). */
  maxBytes: number
  /** A fetch from the registry (packument, tarball, extraction) that takes longer is answered 504. */
  timeoutMs: number
  /** The cache folder; undefined: `compintel-files` in $XDG_CACHE_HOME or ~/.cache. */
  cacheDir: string | undefined
  /** The cache is cut back to 80% of this once past it, least recently used files first. */
  cacheMaxBytes: number
}

export const FILE_CONTENTS_SETTINGS = [
  'FILE_CONTENTS_LIMIT_MB',
  'FILE_CONTENTS_TIMEOUT_MS',
  'FILE_CONTENTS_CACHE_DIR',
  'FILE_CONTENTS_CACHE_MAX_MB',
] as const

const MB = 1024 * 1024

export function parseFileContentsConfig({ src, int }: SettingReaders): FileContentsConfig {
  return {
    maxBytes: int('FILE_CONTENTS_LIMIT_MB', 50, 1, 4096) * MB,
    timeoutMs: int('FILE_CONTENTS_TIMEOUT_MS', 60_000, 1000, 600_000),
    cacheDir: src.FILE_CONTENTS_CACHE_DIR || undefined,
    cacheMaxBytes: int('FILE_CONTENTS_CACHE_MAX_MB', 1024, 1, 1_048_576) * MB,
  }
}

/** The default cache folder (never the packument cache's). */
export function defaultFileCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'compintel-files')
}
