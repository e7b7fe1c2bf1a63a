// An OSV record (OSV schema 1.x) → the advisory compintel keeps: nothing invented, unknown ecosystems skipped.
import { purlName, tryParsePurl } from '../shared/purl.ts'
import type { OsvRange } from './osv-match.ts'
import type { Advisory, AffectedPackage } from './types.ts'

/** OSV ecosystem → purl type (OSV's own table of ecosystems). */
const PURL_TYPES: Record<string, string> = {
  npm: 'npm',
  PyPI: 'pypi',
  Go: 'golang',
  'crates.io': 'cargo',
  RubyGems: 'gem',
  Maven: 'maven',
  NuGet: 'nuget',
  Packagist: 'composer',
  Hex: 'hex',
  Pub: 'pub',
  SwiftURL: 'swift',
  GitHub: 'github',
  // Debian's records (DSA, DLA, DEBIAN-CVE) name source packages: a binary package's purl reaches them through its
  // source (component-vulnerabilities.ts)
  Debian: 'deb',
}

export class OsvRecordError extends Error {}

type Raw = Record<string, unknown>

export function advisoryFromOsv(raw: unknown, source: string): Advisory {
  const r = raw as Raw
  if (!r || typeof r !== 'object' || typeof r.id !== 'string' || !r.id)
    throw new OsvRecordError('an OSV record without an id')
  if (typeof r.modified !== 'string') throw new OsvRecordError(`${r.id}: no modified date`)
  const db = (r.database_specific ?? {}) as Raw
  return {
    id: r.id,
    source,
    aliases: strings(r.aliases),
    summary: str(r.summary) ?? '',
    details: str(r.details) ?? '',
    published: str(r.published),
    modified: r.modified,
    withdrawn: str(r.withdrawn),
    severity: list(r.severity).flatMap((s) => {
      const e = s as Raw
      return typeof e.type === 'string' && typeof e.score === 'string' ? [{ type: e.type, score: e.score }] : []
    }),
    databaseSeverity: str(db.severity)?.toUpperCase() ?? null,
    cweIds: strings(db.cwe_ids),
    references: list(r.references).flatMap((x) => {
      const e = x as Raw
      return typeof e.url === 'string' ? [{ type: str(e.type) ?? 'WEB', url: e.url }] : []
    }),
    affected: list(r.affected).flatMap((a) => affectedPackage(a as Raw)),
  }
}

function affectedPackage(a: Raw): AffectedPackage[] {
  const pkg = (a.package ?? {}) as Raw
  const ecosystem = str(pkg.ecosystem)?.split(':')[0] // "Debian:11" → Debian; versions of a distro are not split
  const name = str(pkg.name)
  const type = ecosystem ? PURL_TYPES[ecosystem] : undefined
  if (!ecosystem || !name || !type) return []
  const key = packageKey(type, name)
  if (!key) return []
  const ranges = list(a.ranges).flatMap((x) => {
    const e = x as Raw
    return typeof e.type === 'string' && Array.isArray(e.events) ? [{ type: e.type, events: e.events } as OsvRange] : []
  })
  return [{ ecosystem, ...key, ranges, versions: strings(a.versions) }]
}

/** The lookup key a purl of this package would have; OSV names use each ecosystem's own separators. */
function packageKey(type: string, name: string): { purlType: string; purlName: string } | undefined {
  let path = name
  if (type === 'maven') path = name.replace(':', '/')
  if (type === 'npm' && name.startsWith('@')) path = `%40${name.slice(1)}`
  if (type === 'deb') path = `debian/${name}`
  const parsed = tryParsePurl(`pkg:${type}/${path.split('/').map(encodeSegment).join('/')}`)
  return parsed ? { purlType: parsed.type, purlName: purlName(parsed) } : undefined
}

function encodeSegment(s: string): string {
  return s.startsWith('%40') ? s : encodeURIComponent(s)
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null
}
function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : []
}
function strings(v: unknown): string[] {
  return list(v).filter((x): x is string => typeof x === 'string')
}
