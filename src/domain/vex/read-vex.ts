// The VEX documents sent beside an SBOM (docs/sbom.md "VEX"), and the request that carries them: a JSON envelope
// `{ "sbom": <the SBOM>, "vex": [<VEX document>, …] }`, told from an SBOM by its keys (no SBOM format has a top-level
// `sbom`). Each document is bounded, recognised as OpenVEX, CSAF VEX or a CycloneDX BOM, and read into statements;
// one that is none of these, or is malformed, is a VexInputError naming the document and the flaw.
import { csafStatements, isCsaf } from './csaf.ts'
import { cycloneDxStatements } from './cyclonedx-statements.ts'
import { boundedList, isObject, VEX_LIMITS, VexInputError } from './guards.ts'
import { isOpenVex, openVexStatements } from './openvex.ts'
import type { VexStatement } from './statement.ts'

/** The SBOM and the VEX documents of a request body; a body that is not an envelope is the SBOM alone. */
export function splitVexEnvelope(body: unknown): { sbom: unknown; vex: unknown[] } {
  const keys = isObject(body) ? Object.keys(body) : []
  if (!keys.includes('sbom') || !keys.every((k) => k === 'sbom' || k === 'vex')) return { sbom: body, vex: [] }
  const envelope = body as { sbom: unknown; vex?: unknown }
  return { sbom: envelope.sbom, vex: boundedList(envelope.vex, 'vex', VEX_LIMITS.documents) }
}

/** The statements of the VEX documents, in the order sent; `refs` are the SBOM's bom-refs and their purls. */
export function readVexDocuments(docs: readonly unknown[], refs: ReadonlyMap<string, string>): VexStatement[] {
  if (docs.length > VEX_LIMITS.documents)
    throw new VexInputError(`More than ${VEX_LIMITS.documents} VEX documents with one SBOM`)
  return docs.flatMap((doc, i) => {
    const source = `vex[${i}]`
    if (!isObject(doc)) throw new VexInputError(`${source}: a VEX document must be a JSON object`)
    if (JSON.stringify(doc).length > VEX_LIMITS.documentChars)
      throw new VexInputError(`${source}: larger than ${VEX_LIMITS.documentChars / 1024 / 1024} MiB`)
    if (isOpenVex(doc)) return openVexStatements(doc, source, i + 1)
    if (isCsaf(doc)) return csafStatements(doc, source, i + 1)
    if (doc.bomFormat === 'CycloneDX') return cycloneDxStatements(doc, source, i + 1, refs)
    throw new VexInputError(`${source}: not an OpenVEX document, a CSAF VEX document nor a CycloneDX BOM`)
  })
}
