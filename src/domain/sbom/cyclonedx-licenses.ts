// What an enriched CycloneDX component gets about its licenses and where it is published (docs/sbom.md "CycloneDX
// out"): the declared license (`acknowledgement: declared`), the licenses found in its files as observed evidence
// (`evidence.licenses`, not `concluded`: nobody verified them), and the registry page as a distribution reference.
// What the input already states is kept and never repeated.
import { licenseEntry } from '../licenses/spdx.ts'
import type { ComponentFacts } from './enrich.ts'

type Json = Record<string, unknown>

export function addLicenses(c: Json, f: ComponentFacts): void {
  const o = f.licenseOrigin
  if (c.licenses === undefined) {
    if (o.declaredExpression !== '') c.licenses = [{ expression: o.declaredExpression, acknowledgement: 'declared' }]
    else if (o.declaredText !== '') c.licenses = [{ license: { name: o.declaredText, acknowledgement: 'declared' } }]
  }
  const evidence = (c.evidence as Json | undefined) ?? {}
  if (o.detected.length > 0 && evidence.licenses === undefined)
    c.evidence = { ...evidence, licenses: o.detected.map((id) => ({ license: licenseObject(id) })) }
}

/** An id on the SPDX License List as `id` (the schema's enumeration), any other (LicenseRef-…) as `name`. */
function licenseObject(id: string): Json {
  const entry = licenseEntry(id)
  return entry.isSpdxApproved ? { id: entry.id } : { name: id }
}

export function addRegistryReference(c: Json, f: ComponentFacts): void {
  const url = f.licenses.url
  if (url === '') return
  const refs = (c.externalReferences as Json[] | undefined) ?? []
  if (refs.some((r) => r.url === url)) return
  c.externalReferences = [...refs, { type: 'distribution', url, comment: "The package's page on its registry" }]
}
