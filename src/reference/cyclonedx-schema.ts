// The official CycloneDX JSON schemas, 1.4 to 1.7, kept in src/reference/cyclonedx-schemas/ (as @cyclonedx/cyclonedx-library
// 10.3.0 ships them for offline use; origin and license in that folder's README), compiled with ajv (draft-07, with
// formats) on first use of each version: checks a BOM sent for enrichment (docs/sbom.md "Input"), and, in the tests,
// every BOM compintel writes. The schemas' references (SPDX license ids,
// JSF signatures, cryptography definitions) are added under the names the BOM schemas use for them.
import { readFileSync } from 'node:fs'
import { Ajv, type ValidateFunction } from 'ajv'
import formats from 'ajv-formats'

/** The folder of the schema files. */
export const SCHEMA_DIR = new URL('./cyclonedx-schemas/', import.meta.url)
const schema = (file: string) => JSON.parse(readFileSync(new URL(file, SCHEMA_DIR), 'utf8')) as Record<string, unknown>
const VERSIONS = new Set(['1.4', '1.5', '1.6', '1.7'])

interface Checks {
  /** The whole document's schema. */
  bom: ValidateFunction
  /** The top-level lists whose items must be unique, each with its item's schema (components, dependencies, …). */
  lists: { key: string; item: ValidateFunction }[]
}
const compiled = new Map<string, Checks>()

function checks(version: string): Checks {
  let c = compiled.get(version)
  if (!c) {
    const ajv = new Ajv({ strict: false, allErrors: true })
    formats.default(ajv)
    // formats ajv-formats does not define: IRIs (URLs with non-ASCII characters) and internationalised e-mail
    ajv.addFormat('iri-reference', true).addFormat('idn-email', true)
    for (const file of [
      'spdx.SNAPSHOT.schema.json',
      'jsf-0.82.SNAPSHOT.schema.json',
      'cryptography-defs.SNAPSHOT.schema.json',
    ])
      ajv.addSchema(schema(file), `http://cyclonedx.org/schema/${file}`)
    const bom = schema(`bom-${version}.SNAPSHOT.schema.json`)
    ajv.addSchema(bom)
    const properties = bom.properties as Record<
      string,
      { type?: string; uniqueItems?: boolean; items?: { $ref?: string } }
    >
    const lists = Object.entries(properties).flatMap(([key, p]) => {
      const item =
        p.type === 'array' && p.uniqueItems && p.items?.$ref ? ajv.getSchema(`${bom.$id}${p.items.$ref}`) : undefined
      return item ? [{ key, item }] : []
    })
    c = { bom: ajv.getSchema(String(bom.$id)) as ValidateFunction, lists }
    compiled.set(version, c)
  }
  return c
}

/**
 * The schema's errors for this BOM, `<JSON pointer> <message>` each; [] when it validates. The long top-level lists
 * (components, dependencies, vulnerabilities, …) are checked item by item, their uniqueness by each item's canonical
 * JSON: ajv's uniqueItems compares every pair, seconds for 10,000 components.
 */
export function cycloneDxErrors(bom: unknown): string[] {
  const version = String((bom as { specVersion?: unknown } | null)?.specVersion)
  if (!VERSIONS.has(version)) return [`/specVersion: ${version} is not a CycloneDX version read here (1.4 to 1.7)`]
  const c = checks(version)
  const doc = { ...(bom as Record<string, unknown>) }
  const errors: string[] = []
  for (const { key, item } of c.lists) {
    const list = doc[key]
    if (!Array.isArray(list)) continue
    doc[key] = [] // the document is checked without the list, then each item
    const seen = new Map<string, number>()
    list.forEach((x, i) => {
      if (!item(x)) errors.push(...messages(item, `/${key}/${i}`))
      const text = canonical(x)
      const first = seen.get(text)
      if (first === undefined) seen.set(text, i)
      else errors.push(`/${key} must NOT have duplicate items (items ## ${first} and ${i} are identical)`)
    })
  }
  if (!c.bom(doc)) errors.unshift(...messages(c.bom, ''))
  return errors
}

function messages(validate: ValidateFunction, prefix: string): string[] {
  return (validate.errors ?? []).map((e) => `${prefix}${e.instancePath || (prefix ? '' : '/')} ${e.message}`)
}

/** JSON with object keys sorted, so that equal values (as uniqueItems compares them) have equal text. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(v) ?? 'null'
}
