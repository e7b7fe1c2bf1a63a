// A Maven POM (pom.xml, a repository's .pom) read as written: the project's coordinates, its parent, properties,
// dependencies, dependencyManagement and licenses, nothing inherited or interpolated yet (effective-pom.ts does
// that). A POM is outside data: it is bounded in size, and a document type declaration (DTD, entities) is refused
// rather than read, so no entity is ever expanded; only XML's five predefined entities and character references are
// decoded in the values read.
import { XMLParser, XMLValidator } from 'fast-xml-parser'

/** A POM larger is refused (the largest parent POMs, Apache's and Spring Boot's BOMs, are well under). */
export const MAX_POM_BYTES = 2 * 1024 * 1024

export interface Coordinates {
  groupId: string
  artifactId: string
  version: string
}

export interface Exclusion {
  groupId: string
  artifactId: string
}

/** A dependency as declared (values not interpolated; version and scope absent when the POM leaves them out). */
export interface PomDependency {
  groupId: string
  artifactId: string
  version?: string
  type: string
  classifier?: string
  scope?: string
  optional: boolean
  exclusions: Exclusion[]
}

export interface PomLicense {
  name?: string
  url?: string
}

export interface Pom {
  groupId?: string
  artifactId: string
  version?: string
  packaging: string
  parent?: Coordinates
  name?: string
  description?: string
  url?: string
  properties: Record<string, string>
  dependencies: PomDependency[]
  /** dependencyManagement's dependencies. */
  managed: PomDependency[]
  licenses: PomLicense[]
}

export class PomError extends Error {}

const LISTS = new Set(['dependency', 'exclusion', 'license'])

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  removeNSPrefix: true,
  maxNestedTags: 64,
  isArray: (tag) => LISTS.has(tag),
})

type Node = Record<string, unknown>

/** The POM of this text; PomError when it is too large, declares a DTD, is not XML or is no `<project>`. */
export function parsePom(text: string): Pom {
  if (text.length > MAX_POM_BYTES) throw new PomError(`a POM of more than ${MAX_POM_BYTES} bytes`)
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new PomError('a POM with a document type declaration')
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw new PomError(`not XML: ${valid.err.msg.slice(0, 200)} (line ${valid.err.line})`)
  let doc: Node
  try {
    doc = parser.parse(text) as Node
  } catch (err) {
    throw new PomError(`not XML: ${(err as Error).message.slice(0, 200)}`)
  }
  const project = doc.project
  if (!isNode(project)) throw new PomError('no <project> element')
  const artifactId = text1(project.artifactId)
  if (!artifactId) throw new PomError('no <artifactId>')
  const parent = isNode(project.parent) ? coordinates(project.parent) : undefined
  const pom: Pom = {
    artifactId,
    packaging: text1(project.packaging) ?? 'jar',
    properties: properties(project.properties),
    dependencies: dependencyList(project.dependencies),
    managed: isNode(project.dependencyManagement) ? dependencyList(project.dependencyManagement.dependencies) : [],
    licenses: licenseList(project.licenses),
  }
  for (const key of ['groupId', 'version', 'name', 'description', 'url'] as const) {
    const v = text1(project[key])
    if (v !== undefined) pom[key] = v
  }
  if (parent) pom.parent = parent
  return pom
}

function coordinates(n: Node): Coordinates | undefined {
  const groupId = text1(n.groupId)
  const artifactId = text1(n.artifactId)
  const version = text1(n.version)
  return groupId && artifactId && version ? { groupId, artifactId, version } : undefined
}

function properties(n: unknown): Record<string, string> {
  const out: Record<string, string> = Object.create(null)
  if (!isNode(n)) return out
  for (const [k, v] of Object.entries(n)) {
    const value = typeof v === 'string' ? decode(v) : v === '' || v === undefined ? '' : undefined
    if (value !== undefined) out[k] = value
  }
  return out
}

function dependencyList(n: unknown): PomDependency[] {
  if (!isNode(n) || !Array.isArray(n.dependency)) return []
  const out: PomDependency[] = []
  for (const d of n.dependency) {
    if (!isNode(d)) continue
    const groupId = text1(d.groupId)
    const artifactId = text1(d.artifactId)
    if (!groupId || !artifactId) continue
    const dep: PomDependency = {
      groupId,
      artifactId,
      type: text1(d.type) ?? 'jar',
      optional: text1(d.optional) === 'true',
      exclusions: exclusionList(d.exclusions),
    }
    for (const key of ['version', 'classifier', 'scope'] as const) {
      const v = text1(d[key])
      if (v !== undefined) dep[key] = v
    }
    out.push(dep)
  }
  return out
}

function exclusionList(n: unknown): Exclusion[] {
  if (!isNode(n) || !Array.isArray(n.exclusion)) return []
  return n.exclusion.flatMap((e) => {
    if (!isNode(e)) return []
    const groupId = text1(e.groupId)
    const artifactId = text1(e.artifactId)
    return groupId && artifactId ? [{ groupId, artifactId }] : []
  })
}

function licenseList(n: unknown): PomLicense[] {
  if (!isNode(n) || !Array.isArray(n.license)) return []
  return n.license.flatMap((l) => {
    if (!isNode(l)) return []
    const out: PomLicense = {}
    const name = text1(l.name)
    const url = text1(l.url)
    if (name) out.name = name
    if (url) out.url = url
    return name || url ? [out] : []
  })
}

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** The text of an element holding text only (undefined for an absent, empty or structured one). */
function text1(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined
  const s = decode(v).trim()
  return s === '' ? undefined : s
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decode(s: string): string {
  if (!s.includes('&')) return s
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m
    const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m
  })
}
