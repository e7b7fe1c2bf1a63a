// One SBOM enrichment from document to document (docs/sbom.md), the one way the HTTP route and `compintel sbom enrich`
// both take: the input read (read-input.ts; a CycloneDX BOM also checked against its version's official schema), with
// the VEX documents sent beside it in an envelope and the BOM's own analyses (domain/vex, docs/sbom.md "VEX"), the
// KB's facts of its components gathered in one batch per question, learning what the KB lacks when a Learn is given
// (enrich.ts), and the enriched document written in the asked format with the dates of the KB's advisory, EPSS and KEV
// sources.
import type { CatalogueAlgorithm } from '../cryptography/types.ts'
import type { KbMetaStore } from '../meta/types.ts'
import { applyVex } from '../vex/apply-vex.ts'
import { cycloneDxStatements, purlsByRef } from '../vex/cyclonedx-statements.ts'
import { VexInputError } from '../vex/guards.ts'
import { readVexDocuments, splitVexEnvelope } from '../vex/read-vex.ts'
import type { VexStatement } from '../vex/statement.ts'
import { enrichedCycloneDx } from './cyclonedx.ts'
import { type ComponentFacts, type EnrichPorts, enrichComponents, type Learn } from './enrich.ts'
import { readSbomDocument, type SbomInput, SbomInputError } from './read-input.ts'
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
 * Enriches a document already parsed from JSON (a string is a list of purls, one per line), or the SBOM of a VEX
 * envelope with its VEX documents. Throws SbomInputError when the document or a VEX document cannot be read.
 */
export async function enrichSbom(body: unknown, ports: SbomPorts, o: EnrichSbomOptions): Promise<EnrichedSbom> {
  const { sbom: parsed, vex } = vexEnvelope(body)
  const { input, statements, facts } = await documentFacts(parsed, vex, ports, o.learn)
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
      vex: statements,
      serialNumber: `urn:uuid:${o.uuid}`,
    }),
    mediaType: `application/vnd.cyclonedx+json; version=${specVersion}`,
    ...counts,
  }
}

/**
 * The KB's facts of a document's components (enrich.ts), each vulnerability with the analysis the VEX statements give
 * it: the document's own (a CycloneDX BOM, also checked against its version's schema) and those of `vex`. The one
 * reading of a document that enrichment and policy verdicts (domain/policy) share.
 */
export async function documentFacts(
  parsed: unknown,
  vex: readonly unknown[],
  ports: EnrichPorts & Pick<SbomPorts, 'cycloneDxSchemaErrors'>,
  learn?: Learn,
): Promise<{ input: SbomInput; statements: VexStatement[]; facts: ComponentFacts[] }> {
  const input = readSbomDocument(parsed)
  if (input.format === 'cyclonedx') {
    const errors = ports.cycloneDxSchemaErrors(parsed)
    if (errors.length > 0)
      throw new SbomInputError(
        `The BOM does not validate against the CycloneDX ${input.specVersion} JSON schema (${errors.length} ` +
          `error(s)): ${errors.slice(0, LISTED).join('; ')}`,
      )
  }
  const statements = vexStatements(input.format === 'cyclonedx' ? (parsed as Record<string, unknown>) : {}, vex)
  const facts = withVex(await enrichComponents(input, ports, learn), statements)
  return { input, statements, facts }
}

function vexEnvelope(body: unknown): ReturnType<typeof splitVexEnvelope> {
  try {
    return splitVexEnvelope(body)
  } catch (err) {
    throw err instanceof VexInputError ? new SbomInputError(err.message) : err
  }
}

/** The BOM's own analyses (a non-CycloneDX input has none), then the VEX documents'; a flaw is the input's. */
function vexStatements(bom: Record<string, unknown>, vex: readonly unknown[]): VexStatement[] {
  try {
    const refs = purlsByRef(bom)
    return [...cycloneDxStatements(bom, 'sbom', 0, refs), ...readVexDocuments(vex, refs)]
  } catch (err) {
    throw err instanceof VexInputError ? new SbomInputError(err.message) : err
  }
}

/** Each component's vulnerabilities with the analysis the statements give them (domain/vex/apply-vex.ts). */
function withVex(facts: ComponentFacts[], statements: readonly VexStatement[]): ComponentFacts[] {
  if (statements.length === 0) return facts
  return facts.map((f) => ({
    ...f,
    vulnerabilities: applyVex(
      f.vulnerabilities.map((v) => ({
        id: v.id,
        aliases: [...v.advisoryIds, ...v.aliases],
        purl: f.purl,
        version: f.version,
        v,
      })),
      statements,
    ).map(({ v, analysis, analysisSource }) => (analysis ? { ...v, analysis, analysisSource } : v)),
  }))
}
