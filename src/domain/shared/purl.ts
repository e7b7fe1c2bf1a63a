// PURL parsing and canonicalisation: packageurl-js parses; the per-type rules of the purl spec are applied here
// (packageurl-js 2.0 lower-cases npm names, but npm has legacy mixed-case packages such as JSONStream).
import { PackageURL } from 'packageurl-js'
import { DomainError } from './outcome.ts'

export interface Purl {
  type: string
  namespace?: string
  name: string
  version?: string
  qualifiers?: Record<string, string>
  subpath?: string
}

export const MAX_PURL_LENGTH = 2048
const TYPE = /^[a-z][a-z0-9.+-]*$/
/** Types whose namespace and name are case-insensitive (purl spec): lower-cased. */
const LOWER_CASED = new Set([
  'github',
  'gitlab',
  'bitbucket',
  'pypi',
  'composer',
  'hex',
  'deb',
  'apk',
  'alpm',
  'huggingface',
])

export function parsePurl(input: string): Purl {
  if (typeof input !== 'string' || input.trim() === '') throw new DomainError('INVALID_PURL', 'Empty Purl')
  if (input.length > MAX_PURL_LENGTH)
    throw new DomainError('INVALID_PURL', `Invalid Purl: longer than ${MAX_PURL_LENGTH} characters`)
  let parts: unknown[]
  try {
    parts = PackageURL.parseString(input.trim()) as unknown[]
  } catch (err) {
    throw new DomainError('INVALID_PURL', `Invalid Purl: ${(err as Error).message.replace(/^Invalid purl: /i, '')}`)
  }
  const [rawType, rawNs, rawName, rawVersion, rawQualifiers, rawSubpath] = parts as [
    string | undefined,
    string | undefined,
    string | undefined,
    string | undefined,
    URLSearchParams | undefined,
    string | undefined,
  ]
  // No ecosystem names anything with a NUL (raw or %00), and PostgreSQL text cannot hold one: refused here rather
  // than failing the KB lookup (found by security-injection.test.ts).
  const texts = parts.flatMap((p) => (typeof p === 'string' ? [p] : p instanceof URLSearchParams ? [...p].flat() : []))
  if (texts.some((t) => t.includes('\u0000')))
    throw new DomainError('INVALID_PURL', 'Invalid Purl: contains a NUL character')
  const type = (rawType ?? '').toLowerCase()
  if (!TYPE.test(type)) throw new DomainError('INVALID_PURL', 'Invalid Purl: bad or missing type')
  if (!rawName) throw new DomainError('INVALID_PURL', 'Invalid Purl: missing name')
  let namespace = rawNs?.replace(/^\/+|\/+$/g, '') || undefined
  let name = rawName
  if (LOWER_CASED.has(type)) {
    namespace = namespace?.toLowerCase()
    name = name.toLowerCase()
  }
  if (type === 'pypi') name = pep503(name)
  const purl: Purl = { type, name }
  if (namespace) purl.namespace = namespace
  if (rawVersion) purl.version = rawVersion
  const qualifiers = normaliseQualifiers(rawQualifiers)
  if (qualifiers) purl.qualifiers = qualifiers
  const subpath = rawSubpath
    ?.split('/')
    .filter((s) => s !== '' && s !== '.' && s !== '..')
    .join('/')
  if (subpath) purl.subpath = subpath
  return purl
}

export function tryParsePurl(input: string): Purl | undefined {
  try {
    return parsePurl(input)
  } catch {
    return undefined
  }
}

function normaliseQualifiers(q: URLSearchParams | undefined): Record<string, string> | undefined {
  if (!q) return undefined
  const entries = [...q.entries()].map(([k, v]) => [k.toLowerCase(), v] as const).filter(([, v]) => v !== '')
  if (entries.length === 0) return undefined
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

const enc = (s: string) => encodeURIComponent(s).replace(/%3A/gi, ':')

/** The canonical string without version: the KB identity of a component (qualifiers sorted, subpath kept). */
export function canonicalPurl(p: Purl): string {
  return formatPurl({ ...p, version: undefined })
}

export function purlWithVersion(p: Purl, version: string): string {
  return formatPurl({ ...p, version })
}

function formatPurl(p: Purl): string {
  let out = `pkg:${p.type}/`
  if (p.namespace) out += `${p.namespace.split('/').map(enc).join('/')}/`
  out += enc(p.name)
  if (p.version) out += `@${enc(p.version)}`
  if (p.qualifiers)
    out += `?${Object.entries(p.qualifiers)
      // keys are encoded too: spec keys ([a-z0-9.-_]) are unchanged, and a decoded `&`, `=` or `#` in a key
      // cannot split the canonical string into other qualifiers or a subpath (found by purl.fuzz.test.ts)
      .map(([k, v]) => `${enc(k)}=${enc(v)}`)
      .join('&')}`
  if (p.subpath) out += `#${p.subpath.split('/').map(enc).join('/')}`
  return out
}

/**
 * The reference's purl_name lookup key: namespace/name, lower-cased except for npm and nuget (docs/api-behaviour.md
 * "Requirement resolution"); PyPI names are PEP 503-normalised by parsePurl, and a crate's name has each `_` as `-`
 * (crates.io takes names that differ only in case or in `-` / `_` for the same crate).
 */
export function purlName(p: Purl): string {
  const full = p.namespace ? `${p.namespace}/${p.name}` : p.name
  if (p.type === 'npm' || p.type === 'nuget') return full
  if (p.type === 'pypi') return pep503(full)
  return p.type === 'cargo' ? crateKey(full) : full.toLowerCase()
}

/** A Python distribution's name as PEP 503 compares it: lower-case, each run of `-`, `_`, `.` one `-`. */
export function pep503(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-')
}

/** A crate's name as crates.io compares it: lower-case, `_` as `-`. */
export function crateKey(name: string): string {
  return name.toLowerCase().replaceAll('_', '-')
}

/**
 * Splits `@version` off a purl string as go-component-helper does (docs/api-behaviour.md "Requirement resolution"): the
 * rest is returned as given, so qualifiers, subpath and `%40` encoding are preserved.
 */
export function splitVersion(input: string): { purl: string; version: string | undefined } {
  const end = input.search(/[?#]/)
  const head = end === -1 ? input : input.slice(0, end)
  const tail = end === -1 ? '' : input.slice(end)
  const at = head.lastIndexOf('@')
  const slash = head.lastIndexOf('/')
  if (at === -1 || at < slash) return { purl: input, version: undefined }
  let version = head.slice(at + 1)
  try {
    version = decodeURIComponent(version)
  } catch {
    // keep as given
  }
  return { purl: head.slice(0, at) + tail, version: version || undefined }
}

const PROJECT_URLS: Record<string, string> = {
  github: 'https://github.com/',
  npm: 'https://www.npmjs.com/package/',
  maven: 'https://mvnrepository.com/artifact/',
  gem: 'https://rubygems.org/gems/',
  pypi: 'https://pypi.org/project/',
  golang: 'https://pkg.go.dev/',
  nuget: 'https://www.nuget.org/packages/',
  conan: 'https://conan.io/center/recipes/',
}

/**
 * The component's page on its ecosystem's site (`ProjectUrl` of scanoss/go-purl-helper pkg/purl.go); '' for other
 * types.
 */
export function projectUrl(p: Purl): string {
  const base = PROJECT_URLS[p.type]
  if (!base) return ''
  const full = p.namespace ? `${p.namespace}/${p.name}` : p.name
  return base + (p.type === 'pypi' || p.type === 'gem' || p.type === 'nuget' || p.type === 'conan' ? p.name : full)
}
