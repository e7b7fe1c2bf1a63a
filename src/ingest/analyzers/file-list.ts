// A package's file list (path, size, md5): produced by walkTarball itself, not by an analyzer; its path rules live here.
//
// Every walk returns the list, whatever analyzers ran, so it is not versioned like an analyzer output: its content
// only depends on the tarball and on the rules below (which mirror what `npm install` puts on disk).
import type { FileInfo } from './types.ts'

/**
 * The path of a tarball entry relative to the package root, or undefined when the entry must be skipped.
 * npm extracts with `strip: 1`: the first path component (normally `package/`, but any name) is dropped, whatever
 * it is, and an entry with nothing left after it (a file at the archive root) is never installed — skipped here
 * too. Absolute paths, drive letters, NULs and any `..` segment are skipped (never resolved); empty and `.`
 * segments are dropped. Backslashes are ordinary characters, as in a POSIX tar. `strip` 0: a Debian package's data
 * archive (`./usr/bin/x` → `usr/bin/x`, the path it installs to under /).
 */
export function packagePath(raw: string, strip = 1): string | undefined {
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw) || raw.includes('\0')) return undefined
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.')
  if (parts.includes('..') || parts.length < strip + 1) return undefined
  return parts.slice(strip).join('/')
}

/** The list sorted by path in code-unit order (stable across locales and runs). */
export function sortedFileList(files: Iterable<FileInfo>): FileInfo[] {
  return [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}
