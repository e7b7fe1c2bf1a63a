// Validates a CycloneDX JSON BOM against the official schema of its version, as shipped (for offline use) by the
// @cyclonedx/cyclonedx-library package: ajv (draft-07) with formats, the schema's references (SPDX ids, JSF, the
// cryptography definitions) added under the names the bom schemas refer to them by.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import formats from 'ajv-formats'

const require = createRequire(import.meta.url)
const dir = path.join(path.dirname(require.resolve('@cyclonedx/cyclonedx-library/package.json')), 'res', 'schema')
const schema = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>
const validators = new Map<string, ValidateFunction>()

/** The schema's errors for this BOM (an empty list when it validates). */
export function cycloneDxErrors(bom: { specVersion?: unknown; [key: string]: unknown }): string[] {
  const version = String(bom.specVersion)
  let validate = validators.get(version)
  if (!validate) {
    const ajv = new Ajv({ strict: false, allErrors: true })
    formats.default(ajv)
    for (const file of [
      'spdx.SNAPSHOT.schema.json',
      'jsf-0.82.SNAPSHOT.schema.json',
      'cryptography-defs.SNAPSHOT.schema.json',
    ])
      ajv.addSchema(schema(file), `http://cyclonedx.org/schema/${file}`)
    validate = ajv.compile(schema(`bom-${version}.SNAPSHOT.schema.json`))
    validators.set(version, validate)
  }
  return validate(bom) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
}
