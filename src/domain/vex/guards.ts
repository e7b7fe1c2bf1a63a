// The guards of every VEX reader (OpenVEX, CSAF, CycloneDX: docs/sbom.md "VEX"). Documents come from outside: every
// document, list and string is bounded here, and a flaw is a VexInputError naming the document and the path to it
// (`vex[1]: statements[0].products[2].@id is longer than 2048 characters`).

export class VexInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'VexInputError'
  }
}

export const VEX_LIMITS = {
  /** VEX documents sent beside one SBOM. */
  documents: 20,
  /** Characters of one document serialized as JSON. */
  documentChars: 8 * 1024 * 1024,
  /** Statements (OpenVEX statements, CSAF vulnerabilities, CycloneDX vulnerabilities) of one document. */
  statements: 10_000,
  /** Products, aliases, ids and product ids of one statement; CSAF product tree nodes of one document. */
  listItems: 10_000,
  /** Characters of an id, a purl or a status word; of a detail text. */
  idChars: 2048,
  detailChars: 20_000,
  /** Nesting of CSAF branches. */
  depth: 30,
} as const

type Json = Record<string, unknown>
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The object at `where`, or a VexInputError naming where. */
export function objectAt(v: unknown, where: string): Json {
  if (!isObject(v)) throw new VexInputError(`${where} must be an object`)
  return v
}

/** A list of at most VEX_LIMITS.listItems (or `max`), or a VexInputError naming where. */
export function boundedList(v: unknown, where: string, max: number = VEX_LIMITS.listItems): unknown[] {
  if (v === undefined || v === null) return []
  if (!Array.isArray(v)) throw new VexInputError(`${where} must be a list`)
  if (v.length > max) throw new VexInputError(`${where} lists more than ${max} items`)
  return v
}

/** A string of at most `max` characters, undefined when absent, or a VexInputError naming where. */
export function boundedString(v: unknown, where: string, max: number = VEX_LIMITS.idChars): string | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw new VexInputError(`${where} must be a string`)
  if (v.length > max) throw new VexInputError(`${where} is longer than ${max} characters`)
  return v
}

/** The list `parent[key]` (none when the parent is not an object) bounded as boundedList, named `<at>.<key>`. */
export function listField(parent: unknown, key: string, at: string, max?: number): unknown[] {
  return isObject(parent) ? boundedList(parent[key], `${at}.${key}`, max) : []
}

/** The string `parent[key]` (none when the parent is not an object) bounded as boundedString, named `<at>.<key>`. */
export function stringField(parent: unknown, key: string, at: string, max?: number): string | undefined {
  return isObject(parent) ? boundedString(parent[key], `${at}.${key}`, max) : undefined
}
