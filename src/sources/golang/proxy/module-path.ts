// Module paths, versions and the file paths of a module zip as the go command checks and spells them
// (golang.org/x/mod/module: CheckPath, CheckFilePath, EscapePath, EscapeVersion and their inverses; the Go modules
// reference, "Module paths" and "Case-insensitive file systems"). In a proxy's URLs every upper-case letter of a path
// or version is `!` and its lower case (`github.com/BurntSushi/toml` → `github.com/!burnt!sushi/toml`), so a proxy
// on a case-insensitive file system can serve both `Foo` and `foo`.
import { goScheme } from '../../../domain/shared/versions/go.ts'

const BAD_WINDOWS_NAMES = new Set([
  'CON',
  'PRN',
  'AUX',
  'NUL',
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((d) => [`COM${d}`, `LPT${d}`]),
])
/** ASCII punctuation a file name may hold (module.fileNameOK); letters and digits besides. */
const FILE_PUNCT = new Set('!#$%&()+,-.=@[]^_{}~ ')

type Kind = 'module' | 'file'

/** Why `p` is not a module path the go command accepts, or undefined when it is one. */
export function modulePathProblem(p: string): string | undefined {
  const problem = pathProblem(p, 'module')
  if (problem) return problem
  const first = p.split('/')[0] as string
  if (!first.includes('.')) return 'missing dot in first path element'
  if (!/^[a-z0-9.-]+$/.test(first)) return 'invalid char in first path element'
  const major = splitMajor(p)?.major
  if (major !== undefined && (major.startsWith('0') || major === '1') && !p.startsWith('gopkg.in/'))
    return 'invalid major version suffix'
  return undefined
}

/** A module path's major-version suffix `/vN` (module.SplitPathVersion): the path before it and N's digits. */
export function splitMajor(p: string): { prefix: string; major: string } | undefined {
  const m = /^(.+)\/v(\d+)$/.exec(p)
  return m ? { prefix: m[1] as string, major: m[2] as string } : undefined
}

/** Why `p` is not a file path a module zip may hold (module.CheckFilePath), or undefined. */
export function filePathProblem(p: string): string | undefined {
  return pathProblem(p, 'file')
}

function pathProblem(p: string, kind: Kind): string | undefined {
  if (p === '') return 'empty string'
  if (p.includes('\uFFFD')) return 'invalid UTF-8'
  if (p[0] === '-' && kind === 'module') return 'leading dash'
  if (p.includes('//')) return 'double slash'
  if (p.endsWith('/')) return 'trailing slash'
  for (const elem of p.split('/')) {
    const problem = elemProblem(elem, kind)
    if (problem) return problem
  }
  return undefined
}

function elemProblem(elem: string, kind: Kind): string | undefined {
  if (elem === '') return 'empty path element'
  if (/^\.+$/.test(elem)) return `invalid path element "${elem}"`
  if (elem[0] === '.' && kind === 'module') return 'leading dot in path element'
  if (elem.endsWith('.')) return 'trailing dot in path element'
  for (const ch of elem) if (!(kind === 'module' ? /^[A-Za-z0-9._~-]$/.test(ch) : fileCharOk(ch))) return 'invalid char'
  const short = elem.split('.')[0] as string
  if (BAD_WINDOWS_NAMES.has(short.toUpperCase())) return `"${short}" disallowed as path element component on Windows`
  if (kind === 'module' && /~\d+$/.test(short)) return 'trailing tilde and digits in path element'
  return undefined
}

function fileCharOk(ch: string): boolean {
  if (/^[A-Za-z0-9]$/.test(ch)) return true
  if ((ch.codePointAt(0) ?? 0) < 0x80) return FILE_PUNCT.has(ch)
  return /^\p{L}$/u.test(ch)
}

/** The module path as a proxy's URLs spell it; undefined for a path the go command would not fetch. */
export function escapePath(p: string): string | undefined {
  return modulePathProblem(p) === undefined ? escapeString(p) : undefined
}

/** A version as a proxy's URLs spell it; undefined for one the go command would not ask for. */
export function escapeVersion(v: string): string | undefined {
  return elemProblem(v, 'file') === undefined && !v.includes('!') ? escapeString(v) : undefined
}

export function unescapePath(escaped: string): string | undefined {
  const p = unescapeString(escaped)
  return p !== undefined && modulePathProblem(p) === undefined ? p : undefined
}

export function unescapeVersion(escaped: string): string | undefined {
  const v = unescapeString(escaped)
  return v !== undefined && elemProblem(v, 'file') === undefined ? v : undefined
}

function escapeString(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`)
}

function unescapeString(s: string): string | undefined {
  if (/[^\p{ASCII}]|[A-Z]|![^a-z]|!$/u.test(s)) return undefined
  return s.replace(/!([a-z])/g, (_, c: string) => c.toUpperCase())
}

/** A semantic version as Go writes it (golang.org/x/mod/semver IsValid): `v`, and `v1`, `v1.2` shorthands. */
export function isGoSemver(v: string): boolean {
  return v.startsWith('v') && goScheme.isValid(v)
}

/** A canonical module version (module.CanonicalVersion(v) == v): three numbers, no build but `+incompatible`. */
export function isCanonicalVersion(v: string): boolean {
  return isGoSemver(v) && /^v\d+\.\d+\.\d+(-[^+]*)?(\+incompatible)?$/.test(v)
}

const PSEUDO = /^v[0-9]+\.(0\.0-|\d+\.\d+-([^+]*\.)?0\.)\d{14}-[A-Za-z0-9]+(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/

/** A pseudo-version (module.IsPseudoVersion): a commit's, not a tag's. */
export function isPseudoVersion(v: string): boolean {
  return (v.match(/-/g)?.length ?? 0) >= 2 && isGoSemver(v) && PSEUDO.test(v)
}
