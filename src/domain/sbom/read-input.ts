// What an SBOM enrichment reads from the document it is sent (docs/sbom.md "Input"): a CycloneDX JSON BOM (1.4–1.7),
// an SPDX 2.3 JSON document, an npm package-lock.json (lockfileVersion 2 or 3) or a plain list of purls. Components
// are read from their purls (SPDX: externalRefs of type purl); components without one are counted and kept as they
// are. Untrusted input: an unknown format, a bad structure or a purl that does not parse is an SbomInputError that
// lists what was wrong, never a partial read.
import { canonicalPurl, purlWithVersion, tryParsePurl } from '../shared/purl.ts'

type SbomFormat = 'cyclonedx' | 'spdx' | 'package-lock' | 'purls'

interface InputComponent {
  /** Where the component sits in the input: its bom-ref, SPDXID, lockfile path, or list position. */
  ref: string
  /** The purl as written. */
  purl: string
  /** Canonical, without version (the KB's identity of the component). */
  component: string
  version: string
}

export interface SbomInput {
  format: SbomFormat
  /** CycloneDX specVersion or SPDX spdxVersion; '' for the others. */
  specVersion: string
  components: InputComponent[]
  /** Components listed without a purl (kept in the output, not enriched). */
  withoutPurl: number
}

export interface InvalidComponent {
  ref: string
  purl: string
  reason: string
}

export class SbomInputError extends Error {
  constructor(
    message: string,
    readonly invalid: InvalidComponent[] = [],
    /** The document names more components than are read in one go (not a flaw of the document itself). */
    readonly tooLarge = false,
  ) {
    super(message)
    this.name = 'SbomInputError'
  }
}

export const MAX_COMPONENTS = 10_000
const CYCLONEDX_VERSIONS = new Set(['1.4', '1.5', '1.6', '1.7'])
/** Invalid components named in an error, at most. */
const LISTED = 50

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

export function readSbom(text: string, maxComponents = MAX_COMPONENTS): SbomInput {
  return readSbomDocument(parseSbomText(text), maxComponents)
}

/** A document's text as JSON, or, when it is not JSON, as it is (a list of purls, one per line). */
export function parseSbomText(text: string): unknown {
  const trimmed = text.trim()
  try {
    return JSON.parse(trimmed)
  } catch {
    return trimmed
  }
}

/** The same, of a document already parsed from JSON; a string is read as a list of purls, one per line. */
export function readSbomDocument(doc: unknown, maxComponents = MAX_COMPONENTS): SbomInput {
  if (typeof doc === 'string') return fromPurlLines(doc.trim(), maxComponents)
  if (Array.isArray(doc)) {
    if (!doc.every((p) => typeof p === 'string')) throw new SbomInputError('A JSON list must hold purl strings only')
    if (doc.length === 0) throw new SbomInputError('The list names no purls')
    return fromPurls(
      doc.map((purl, i) => ({ ref: `item ${i + 1}`, purl: purl as string })),
      maxComponents,
    )
  }
  if (!isObject(doc))
    throw new SbomInputError('Expected a CycloneDX BOM, an SPDX document, a package-lock.json or purls')
  if (doc.bomFormat === 'CycloneDX') return fromCycloneDx(doc, maxComponents)
  if (typeof doc.spdxVersion === 'string') return fromSpdx(doc, maxComponents)
  if (typeof doc.lockfileVersion === 'number') return fromLockfile(doc, maxComponents)
  throw new SbomInputError('Unknown format: expected a CycloneDX BOM, an SPDX document, a package-lock.json or purls')
}

function fromPurlLines(text: string, max: number): SbomInput {
  if (text === '') throw new SbomInputError('The document is empty')
  // not JSON: a plain list of purls, one per line ('#' comments allowed)
  if (!text.startsWith('pkg:') && !text.startsWith('#'))
    throw new SbomInputError('Not JSON, and not a list of purls (one per line)')
  const lines = text.split(/\r?\n/).map((l) => l.trim())
  const purls = lines.flatMap((l, i) => (l === '' || l.startsWith('#') ? [] : [{ ref: `line ${i + 1}`, purl: l }]))
  if (purls.length === 0) throw new SbomInputError('The list names no purls')
  return fromPurls(purls, max)
}

function fromCycloneDx(doc: Json, max: number): SbomInput {
  const spec = String(doc.specVersion ?? '')
  if (!CYCLONEDX_VERSIONS.has(spec))
    throw new SbomInputError(`CycloneDX specVersion ${spec || '(none)'}: 1.4 to 1.7 are read`)
  if (doc.components !== undefined && !Array.isArray(doc.components))
    throw new SbomInputError('CycloneDX components must be a list')
  const found: { ref: string; purl: string }[] = []
  let withoutPurl = 0
  const stack: unknown[] = [...((doc.components as unknown[] | undefined) ?? [])].reverse()
  for (let i = 0; stack.length > 0; i++) {
    const c = stack.pop()
    if (!isObject(c)) throw new SbomInputError('Every CycloneDX component must be an object')
    if (Array.isArray(c.components)) stack.push(...[...c.components].reverse())
    if (typeof c.purl === 'string' && c.purl !== '')
      found.push({ ref: String(c['bom-ref'] ?? `component ${i + 1}`), purl: c.purl })
    else withoutPurl++
    if (found.length + withoutPurl > max) throw tooMany(max)
  }
  return { ...fromPurls(found, max), format: 'cyclonedx', specVersion: spec, withoutPurl }
}

function fromSpdx(doc: Json, max: number): SbomInput {
  const spec = String(doc.spdxVersion)
  if (spec !== 'SPDX-2.3') throw new SbomInputError(`${spec}: SPDX-2.3 documents are read`)
  if (doc.packages !== undefined && !Array.isArray(doc.packages))
    throw new SbomInputError('SPDX packages must be a list')
  const packages = (doc.packages as unknown[] | undefined) ?? []
  if (packages.length > max) throw tooMany(max)
  const found: { ref: string; purl: string }[] = []
  let withoutPurl = 0
  for (const [i, p] of packages.entries()) {
    if (!isObject(p)) throw new SbomInputError('Every SPDX package must be an object')
    const refs = Array.isArray(p.externalRefs) ? p.externalRefs.filter(isObject) : []
    const purl = refs.find((r) => r.referenceType === 'purl' && typeof r.referenceLocator === 'string')
    if (purl) found.push({ ref: String(p.SPDXID ?? `package ${i + 1}`), purl: purl.referenceLocator as string })
    else withoutPurl++
  }
  return { ...fromPurls(found, max), format: 'spdx', specVersion: spec, withoutPurl }
}

function fromLockfile(doc: Json, max: number): SbomInput {
  if (doc.lockfileVersion !== 2 && doc.lockfileVersion !== 3)
    throw new SbomInputError(`package-lock.json lockfileVersion ${doc.lockfileVersion}: 2 and 3 are read`)
  if (!isObject(doc.packages)) throw new SbomInputError('package-lock.json has no "packages" object')
  const entries = Object.entries(doc.packages).filter(([path]) => path !== '')
  if (entries.length > max) throw tooMany(max)
  const found: { ref: string; purl: string }[] = []
  let withoutPurl = 0
  for (const [path, entry] of entries) {
    if (!isObject(entry)) throw new SbomInputError(`package-lock.json: "${path.slice(0, 200)}" is not an object`)
    const at = path.lastIndexOf('node_modules/')
    const name = typeof entry.name === 'string' ? entry.name : at >= 0 ? path.slice(at + 'node_modules/'.length) : ''
    // links and workspace folders have no registry version of their own
    if (entry.link === true || typeof entry.version !== 'string' || name === '') {
      withoutPurl++
      continue
    }
    const [scope, bare] = name.startsWith('@') ? name.split('/', 2) : [undefined, name]
    const purl = purlWithVersion(
      { type: 'npm', ...(scope ? { namespace: scope } : {}), name: bare ?? name },
      entry.version,
    )
    found.push({ ref: path, purl })
  }
  return { ...fromPurls(found, max), format: 'package-lock', withoutPurl }
}

function fromPurls(items: readonly { ref: string; purl: string }[], max: number): SbomInput {
  if (items.length > max) throw tooMany(max)
  const components: InputComponent[] = []
  const invalid: InvalidComponent[] = []
  for (const { ref, purl } of items) {
    const p = tryParsePurl(purl)
    if (!p) invalid.push({ ref, purl: purl.slice(0, 300), reason: 'not a valid purl' })
    else components.push({ ref, purl, component: canonicalPurl(p), version: p.version ?? '' })
  }
  if (invalid.length > 0)
    throw new SbomInputError(`${invalid.length} component(s) with a purl that does not parse`, invalid.slice(0, LISTED))
  return { format: 'purls', specVersion: '', components, withoutPurl: 0 }
}

const tooMany = (max: number) => new SbomInputError(`More than ${max} components in one document`, [], true)
