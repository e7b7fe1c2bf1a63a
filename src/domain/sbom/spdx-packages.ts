// The SPDX packages of an input that is not SPDX (docs/sbom.md "SPDX out"): one package per CycloneDX component
// (nested ones too, and the BOM's metadata component), per lockfile package or per purl, each with an SPDXID made
// from its reference, what the input says of it (name, version, download location, checksums, declared license,
// purpose, purl), and the relationships the input states: the document DESCRIBES its subject, a CycloneDX assembly
// CONTAINS its nested components, and CycloneDX `dependencies` become DEPENDS_ON between packages.
import { componentNames } from '../shared/component-name.ts'
import { sriHashes } from './hashes.ts'
import type { SbomInput } from './read-input.ts'
import type { SpdxLicenses } from './spdx-licenses.ts'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const DOCUMENT = 'SPDXRef-DOCUMENT'

export interface SpdxPackages {
  name: string
  packages: Json[]
  /** refs[i]: the input's reference of packages[i], as the component facts name it. */
  refs: string[]
  relationships: Json[]
}

/** SPDXIDs from references: SPDXRef- and the reference's letters, digits, '.' and '-', unique in the document. */
function spdxIds(): (ref: string) => string {
  const used = new Set([DOCUMENT])
  return (ref) => {
    const base = `SPDXRef-${
      ref
        .replace(/[^A-Za-z0-9.-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 120) || 'package'
    }`
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`
    used.add(id)
    return id
  }
}

export function convertedPackages(input: SbomInput, document: unknown, licenses: SpdxLicenses): SpdxPackages {
  const doc = isObject(document) ? document : {}
  const idOf = spdxIds()
  const out: SpdxPackages = { name: 'compintel enriched SBOM', packages: [], refs: [], relationships: [] }
  const add = (ref: string, p: Json) => {
    const SPDXID = idOf(ref)
    out.packages.push({ SPDXID, ...p })
    out.refs.push(ref)
    return SPDXID
  }
  const relate = (from: string, type: string, to: string) =>
    out.relationships.push({ spdxElementId: from, relationshipType: type, relatedSpdxElement: to })
  if (input.format !== 'cyclonedx') {
    const entries = isObject(doc.packages) ? doc.packages : {}
    if (typeof doc.name === 'string') out.name = doc.name
    for (const c of input.components) {
      const entry = input.format === 'package-lock' && isObject(entries[c.ref]) ? (entries[c.ref] as Json) : {}
      const id = add(c.ref, {
        ...fromPurl(c.purl),
        ...(c.version ? { versionInfo: c.version } : {}),
        downloadLocation: url(entry.resolved) ?? 'NOASSERTION',
        filesAnalyzed: false,
        ...checksums(sriHashes(entry.integrity)),
        licenseConcluded: 'NOASSERTION',
        licenseDeclared: (typeof entry.license === 'string' && licenses.expression(entry.license)) || 'NOASSERTION',
        externalRefs: [purlRef(c.purl)],
      })
      relate(DOCUMENT, 'DESCRIBES', id)
    }
    return out
  }
  const byRef = new Map<string, string>()
  const meta = isObject(doc.metadata) && isObject(doc.metadata.component) ? doc.metadata.component : undefined
  if (meta) {
    const ref = String(meta['bom-ref'] ?? 'metadata component')
    const id = add(ref, fromCycloneDx(meta, licenses))
    byRef.set(ref, id)
    relate(DOCUMENT, 'DESCRIBES', id)
    if (typeof meta.name === 'string') out.name = meta.name
  }
  // the walk of read-input.ts, so that a component without a bom-ref gets the same reference ("component N")
  const stack: { c: unknown; parent?: string }[] = [...arrayOf(doc.components)].reverse().map((c) => ({ c }))
  for (let i = 0; stack.length > 0; i++) {
    const { c, parent } = stack.pop() as { c: unknown; parent?: string }
    if (!isObject(c)) continue
    const ref = String(c['bom-ref'] ?? `component ${i + 1}`)
    const id = add(ref, fromCycloneDx(c, licenses))
    byRef.set(ref, id)
    if (parent) relate(parent, 'CONTAINS', id)
    else if (!meta) relate(DOCUMENT, 'DESCRIBES', id)
    stack.push(...[...arrayOf(c.components)].reverse().map((child) => ({ c: child, parent: id })))
  }
  for (const d of arrayOf(doc.dependencies).filter(isObject)) {
    const from = byRef.get(String(d.ref))
    for (const to of arrayOf(d.dependsOn).map((r) => byRef.get(String(r))))
      if (from && to) relate(from, 'DEPENDS_ON', to)
  }
  return out
}

const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

function fromPurl(purl: string): Json {
  return { name: componentNames(purl).component || purl }
}

const purlRef = (purl: string): Json => ({
  referenceCategory: 'PACKAGE-MANAGER',
  referenceType: 'purl',
  referenceLocator: purl,
})

const PURPOSES = ['application', 'framework', 'library', 'container', 'operating-system', 'device', 'firmware', 'file']

function fromCycloneDx(c: Json, licenses: SpdxLicenses): Json {
  const name = typeof c.name === 'string' && c.name !== '' ? c.name : undefined
  const group = typeof c.group === 'string' && c.group !== '' ? `${c.group}/` : ''
  const distribution = arrayOf(c.externalReferences).find((r) => isObject(r) && r.type === 'distribution') as
    | Json
    | undefined
  const hashes = arrayOf(c.hashes).flatMap((h) =>
    isObject(h) && typeof h.alg === 'string' && typeof h.content === 'string'
      ? [{ alg: h.alg, content: h.content }]
      : [],
  )
  const purl = typeof c.purl === 'string' && c.purl !== '' ? c.purl : undefined
  const type = typeof c.type === 'string' ? c.type : ''
  return {
    name: name ? `${group}${name}` : purl ? fromPurl(purl).name : 'NOASSERTION',
    ...(typeof c.version === 'string' && c.version !== '' ? { versionInfo: c.version } : {}),
    downloadLocation: url(distribution?.url) ?? 'NOASSERTION',
    filesAnalyzed: false,
    ...checksums(hashes),
    licenseConcluded: 'NOASSERTION',
    licenseDeclared: declared(c.licenses, licenses) ?? 'NOASSERTION',
    ...(typeof c.description === 'string' && c.description !== '' ? { description: c.description } : {}),
    ...(type ? { primaryPackagePurpose: PURPOSES.includes(type) ? type.toUpperCase() : 'OTHER' } : {}),
    ...(purl ? { externalRefs: [purlRef(purl)] } : {}),
  }
}

/** A CycloneDX license choice of one expression or one SPDX id (several entries do not say AND or OR: not read). */
function declared(choice: unknown, licenses: SpdxLicenses): string | undefined {
  const list = arrayOf(choice)
  const only = list.length === 1 && isObject(list[0]) ? list[0] : undefined
  if (typeof only?.expression === 'string') return licenses.expression(only.expression)
  if (isObject(only?.license) && typeof only.license.id === 'string') return licenses.expression(only.license.id)
  return undefined
}

/**
 * A download location as SPDX 2.3 writes one (its grammar: a URL whose host is a domain name with a top-level
 * domain, an optional port and path); anything else, an address like a local registry's 127.0.0.1:4873, is left
 * for NOASSERTION rather than making the document invalid.
 */
const DOWNLOAD =
  /^https?:\/\/([\w\-.!~*'()%;:&=+$,]+@)?[a-z0-9]+([-.][a-z0-9]+){0,100}\.[a-z]{2,5}(:\d{1,5})?(\/\S*)?$/i
const url = (v: unknown): string | undefined => (typeof v === 'string' && DOWNLOAD.test(v) ? v : undefined)

// SPDX 2.3's checksum algorithms that a CycloneDX hash or an npm integrity can be (CycloneDX's SHA-256 is SHA256)
const ALGORITHMS = new Set(
  'MD5 SHA1 SHA224 SHA256 SHA384 SHA512 SHA3-256 SHA3-384 SHA3-512 BLAKE2b-256 BLAKE2b-384 BLAKE2b-512 BLAKE3'.split(
    ' ',
  ),
)

/** Hashes under CycloneDX's algorithm names as SPDX checksums (SHA-256 is SHA256), those SPDX 2.3 knows. */
export function checksums(hashes: readonly { alg: string; content: string }[]): Json {
  const list = hashes.map((h) => ({ algorithm: h.alg.replace(/^SHA-(?=\d)/, 'SHA'), hex: h.content.toLowerCase() }))
  const ok = list.filter((c) => ALGORITHMS.has(c.algorithm) && /^[0-9a-f]+$/.test(c.hex))
  return ok.length > 0 ? { checksums: ok.map((c) => ({ algorithm: c.algorithm, checksumValue: c.hex })) } : {}
}
