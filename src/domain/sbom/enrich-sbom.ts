// One SBOM enrichment from document to document (docs/sbom.md), the one way the HTTP route and `compintel sbom enrich`
// both take: the input read (read-input.ts; a CycloneDX BOM also checked against its version's official schema), the
// KB's facts of its components gathered in one batch per question, learning what the KB lacks when a Learn is given
// (enrich.ts), and the enriched document written in the asked format with the dates of the KB's advisory, EPSS and KEV
// sources.
import type { CatalogueAlgorithm } from '../cryptography/types.ts'
import type { KbMetaStore } from '../meta/types.ts'
import { enrichedCycloneDx } from './cyclonedx.ts'
import { type EnrichPorts, enrichComponents, type Learn } from './enrich.ts'
import { readSbomDocument, SbomInputError } from './read-input.ts'
import { enrichedSpdx } from './spdx.ts'

export const SBOM_FORMATS = ['cyclonedx-1.6', 'cyclonedx-1.7', 'spdx-2.3'] as const
export type SbomOutputFormat = (typeof SBOM_FORMATS)[number]

export interface SbomPorts extends EnrichPorts {
  kbMeta: Pick<KbMetaStore, 'sources'>
  algorithmCatalogue(): readonly CatalogueAlgorithm[]
  cycloneDxSchemaErrors(bom: unknown): string[]
}

/** Schema errors named in a refusal, at most. */
const LISTED = 10

export interface EnrichSbomOptions {
  format: SbomOutputFormat
  toolVersion: string
  /** A fresh UUID: the output's serial number (CycloneDX) or namespace (SPDX). */
  uuid: string
  now: Date
  learn?: Learn
}

export interface EnrichedSbom {
  document: Record<string, unknown>
  /** The media type of the document, for Content-Type. */
  mediaType: string
  /** Components read from the input, and of those how many the KB could not fully enrich. */
  components: number
  notEnriched: number
}

/**
 * Enriches a document already parsed from JSON (a string is a list of purls, one per line). Throws SbomInputError
 * when the document cannot be read.
 */
export async function enrichSbom(parsed: unknown, ports: SbomPorts, o: EnrichSbomOptions): Promise<EnrichedSbom> {
  const input = readSbomDocument(parsed)
  if (input.format === 'cyclonedx') {
    const errors = ports.cycloneDxSchemaErrors(parsed)
    if (errors.length > 0)
      throw new SbomInputError(
        `The BOM does not validate against the CycloneDX ${input.specVersion} JSON schema (${errors.length} ` +
          `error(s)): ${errors.slice(0, LISTED).join('; ')}`,
      )
  }
  const facts = await enrichComponents(input, ports, o.learn)
  const loaded = await ports.kbMeta.sources(['advisories', 'epss', 'kev'])
  const sources = loaded.map((s) => ({ name: s.name, asOf: s.asOf ?? s.importedAt }))
  const common = { toolVersion: o.toolVersion, sources, timestamp: o.now.toISOString() }
  const counts = { components: facts.length, notEnriched: facts.filter((f) => f.problems.length > 0).length }
  if (o.format === 'spdx-2.3') {
    const documentNamespace = `https://spdx.org/spdxdocs/compintel-${o.uuid}`
    const document = enrichedSpdx(input, parsed, facts, { ...common, documentNamespace })
    // SPDX requires a document to describe something; a CycloneDX BOM may list nothing at all
    if (input.format !== 'spdx' && !(document.packages as unknown[]).length)
      throw new SbomInputError('The document names no component, and an SPDX document must describe one')
    return { document, mediaType: 'application/spdx+json', ...counts }
  }
  const catalogue = ports.algorithmCatalogue()
  const specVersion = o.format === 'cyclonedx-1.7' ? '1.7' : '1.6'
  return {
    document: enrichedCycloneDx(input, parsed, facts, {
      ...common,
      specVersion,
      catalogue,
      serialNumber: `urn:uuid:${o.uuid}`,
    }),
    mediaType: `application/vnd.cyclonedx+json; version=${specVersion}`,
    ...counts,
  }
}
