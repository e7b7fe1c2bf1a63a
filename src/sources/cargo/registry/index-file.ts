// A crate's file of a Cargo registry index (the Cargo book, "Registry index"): where it lives (`1/a`, `2/ab`,
// `3/a/abc`, `ab/cd/abcdef`, lower-cased), where a version's `.crate` is downloaded from (config.json's `dl`, with
// its `{crate}` `{version}` `{prefix}` `{lowerprefix}` `{sha256-checksum}` markers, or `/{crate}/{version}/download`
// appended), and its lines: one JSON record per published version. Lines of a schema newer than 2 (`v`) are skipped
// as Cargo skips them; a line that names another crate refuses the whole file.

import sjson from 'secure-json-parse'
import semver from 'semver'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'

/** A crate name as registries accept it: ASCII letters, digits, `-` and `_`, starting with a letter, at most 64. */
export function isCrateName(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(name)
}

/** The directories of a name's index file (Cargo's `{prefix}`), not lower-cased. */
function prefixOf(name: string): string {
  if (name.length <= 2) return String(name.length)
  if (name.length === 3) return `3/${name[0]}`
  return `${name.slice(0, 2)}/${name.slice(2, 4)}`
}

/** The index file's path relative to the index URL. */
export function indexPath(name: string): string {
  const lower = name.toLowerCase()
  return `${prefixOf(lower)}/${lower}`
}

const MARKERS = /\{(crate|version|prefix|lowerprefix|sha256-checksum)\}/

/** The `.crate` URL of a version from config.json's `dl`. */
export function downloadUrl(dl: string, crate: string, version: string, cksum: string): string {
  if (!MARKERS.test(dl))
    return `${dl.replace(/\/$/, '')}/${encodeURIComponent(crate)}/${encodeURIComponent(version)}/download`
  const values: Record<string, string> = {
    crate: encodeURIComponent(crate),
    version: encodeURIComponent(version),
    prefix: prefixOf(crate),
    lowerprefix: prefixOf(crate).toLowerCase(),
    'sha256-checksum': cksum,
  }
  return dl.replace(/\{(crate|version|prefix|lowerprefix|sha256-checksum)\}/g, (_, k: string) => values[k] as string)
}

interface IndexDependency {
  /** The name the depending crate uses (a rename when `package` is set). */
  name: string
  /** The crate depended on: `package` when renamed, else `name`. */
  crate: string
  /** Cargo's semver requirement as written. */
  req: string
  features: string[]
  optional: boolean
  defaultFeatures: boolean
  /** A `cfg(…)` expression or target triple, or null for every target. */
  target: string | null
  kind: 'normal' | 'dev' | 'build'
  /** Another registry's index URL, or null for the same registry. */
  registry: string | null
}

export interface IndexVersion {
  name: string
  version: string
  /** The `.crate`'s sha256 (lower-case hex). */
  cksum: string
  yanked: boolean
  /** features and features2 together (schema 2). */
  features: Record<string, string[]>
  links: string | null
  rustVersion: string | null
  /** When the registry gives it (`pubtime`, newer registries), else null: the index dates nothing. */
  published: string | null
  dependencies: IndexDependency[]
}

/** Same crate: Cargo's lookups are case-insensitive and `-` and `_` are one. */
export function sameCrate(a: string, b: string): boolean {
  return a.toLowerCase().replace(/_/g, '-') === b.toLowerCase().replace(/_/g, '-')
}

/** The index file of `asked`, line by line. */
export function parseIndexFile(text: string, asked: string): IndexVersion[] {
  const out: IndexVersion[] = []
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue
    let r: Record<string, unknown>
    try {
      r = sjson.parse(line, undefined, { protoAction: 'remove', constructorAction: 'remove' }) as Record<
        string,
        unknown
      >
    } catch {
      throw refuse('format', asked, `line ${i + 1} is not JSON`)
    }
    if (!r || typeof r !== 'object') throw refuse('format', asked, `line ${i + 1} is not an object`)
    if (typeof r.v === 'number' && r.v > 2) continue
    if (typeof r.name !== 'string' || !sameCrate(r.name, asked))
      throw refuse(
        'identity',
        asked,
        `line ${i + 1} names ${typeof r.name === 'string' ? `"${excerpt(r.name, 64)}"` : 'none'}`,
      )
    if (typeof r.vers !== 'string' || !semver.valid(r.vers))
      throw refuse('format', asked, `line ${i + 1}: "${excerpt(String(r.vers), 40)}" is not a semver version`)
    if (typeof r.cksum !== 'string' || !/^[0-9a-f]{64}$/i.test(r.cksum))
      throw refuse('format', asked, `line ${i + 1}: no sha256 checksum`)
    out.push({
      name: r.name,
      version: r.vers,
      cksum: r.cksum.toLowerCase(),
      yanked: r.yanked === true,
      features: { ...features(r.features), ...features(r.features2) },
      links: typeof r.links === 'string' ? r.links : null,
      rustVersion: typeof r.rust_version === 'string' ? r.rust_version : null,
      published: typeof r.pubtime === 'string' ? r.pubtime : null,
      dependencies: (Array.isArray(r.deps) ? r.deps : []).map(dependency).filter((d) => d !== undefined),
    })
  }
  return out
}

function dependency(raw: unknown): IndexDependency | undefined {
  const d = raw as Record<string, unknown>
  if (!d || typeof d.name !== 'string' || typeof d.req !== 'string') return undefined
  const kind = d.kind === 'dev' || d.kind === 'build' ? d.kind : 'normal'
  return {
    name: d.name,
    crate: typeof d.package === 'string' ? d.package : d.name,
    req: d.req,
    features: Array.isArray(d.features) ? d.features.filter((f) => typeof f === 'string') : [],
    optional: d.optional === true,
    defaultFeatures: d.default_features !== false,
    target: typeof d.target === 'string' ? d.target : null,
    kind,
    registry: typeof d.registry === 'string' ? d.registry : null,
  }
}

function features(raw: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  if (!raw || typeof raw !== 'object') return out
  for (const [k, v] of Object.entries(raw)) if (Array.isArray(v)) out[k] = v.filter((f) => typeof f === 'string')
  return out
}

function refuse(kind: 'format' | 'identity', asked: string, why: string): UpstreamRefused {
  return new UpstreamRefused(kind, `the index file of "${excerpt(asked, 64)}" refused: ${why}`)
}
