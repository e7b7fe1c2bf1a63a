// Which files the SCANOSS folder hasher takes and in what order (docs/api-behaviour.md "Folder hashing (client)"), on
// relative paths.

/** Basenames always skipped, compared lower-cased. */
const SKIPPED_BASENAMES = new Set([
  'gradlew',
  'gradlew.bat',
  'mvnw',
  'mvnw.cmd',
  'gradle-wrapper.jar',
  'maven-wrapper.jar',
  'thumbs.db',
  'babel.config.js',
])

/** The client's default gitignore directory patterns: any directory component equal to one (case-sensitively). */
const SKIPPED_DIRECTORIES = new Set([
  'nbproject',
  'nbbuild',
  'nbdist',
  '__pycache__',
  'venv',
  '_yardoc',
  'eggs',
  'wheels',
  'htmlcov',
  '__pypackages__',
  'example',
  'examples',
])

/**
 * Whether the client hashes a regular file at this '/'-separated path relative to the scan root with this size.
 * Not covered here: the root's own ancestors (a scan root under a hidden directory hashes nothing), symlinks, and
 * patterns or size limits from a scanoss.json, which the caller applies.
 */
export function isHashedFile(relPath: string, size: number): boolean {
  if (size === 0) return false
  const parts = relPath.split('/')
  const base = parts[parts.length - 1] ?? ''
  if (parts.some((p) => p.startsWith('.'))) return false
  if (SKIPPED_BASENAMES.has(base.toLowerCase())) return false
  for (let i = 0; i < parts.length - 1; i++) {
    const dir = parts[i] as string
    if (SKIPPED_DIRECTORIES.has(dir) || dir.endsWith('.egg-info')) return false
  }
  return true
}

/** Orders strings by Unicode code point (Python's str order), which UTF-8 byte order equals. */
export function compareCodePoints(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}

/** Python os.path.splitext on a basename: the last '.' splits, unless only dots come before it. */
export function splitExt(base: string): { stem: string; ext: string } {
  const dot = base.lastIndexOf('.')
  if (dot <= 0 || /^\.+$/.test(base.slice(0, dot))) return { stem: base, ext: '' }
  return { stem: base.slice(0, dot), ext: base.slice(dot) }
}
