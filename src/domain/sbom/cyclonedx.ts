// The enriched CycloneDX BOM (docs/sbom.md "CycloneDX out"): the input's document kept as it was (or, for SPDX,
// lockfile and purl inputs, one library component per purl), plus from the KB: the declared license and the licenses
// found in files (cyclonedx-licenses.ts), the registry page, a `vulnerabilities` array (the VEX part: ratings, CWEs,
// affected components, fixes, EPSS in properties, malicious packages marked), a cryptography bill of materials
// (cyclonedx-crypto.ts), the tool and the KB's sources in metadata, and why a component could not be enriched.
import type { CatalogueAlgorithm } from '../cryptography/types.ts'
import { tryParsePurl } from '../shared/purl.ts'
import type { Vulnerability } from '../vulnerabilities/merge.ts'
import { cryptoAssets } from './cyclonedx-crypto.ts'
import { addLicenses, addRegistryReference } from './cyclonedx-licenses.ts'
import type { ComponentFacts } from './enrich.ts'
import type { SbomInput } from './read-input.ts'

export interface CycloneDxOptions {
  specVersion: '1.6' | '1.7'
  toolVersion: string
  /** The KB's loaded data sources and their dates, as metadata properties (`compintel:source:<name>` = date). */
  sources: { name: string; asOf: string }[]
  /** urn:uuid:… and ISO time of this BOM. */
  serialNumber: string
  timestamp: string
  /**
   * The cryptographic algorithm catalogue (the caller loads it: `loadCatalogue()`, ingest/crypto/catalogue.ts), which
   * names and describes the crypto assets; without it an asset carries its catalogue id alone.
   */
  catalogue?: readonly CatalogueAlgorithm[]
}

type Json = Record<string, unknown>

export function enrichedCycloneDx(
  input: SbomInput,
  document: unknown,
  facts: readonly ComponentFacts[],
  o: CycloneDxOptions,
) {
  const bom: Json =
    input.format === 'cyclonedx'
      ? (structuredClone(document) as Json)
      : { bomFormat: 'CycloneDX', components: facts.map((f) => library(f)) }
  const byRef = new Map(facts.map((f) => [f.ref, f]))
  const byPurl = new Map(facts.map((f) => [f.purl, f]))
  walk((bom.components as Json[] | undefined) ?? [], (c) => {
    const named = typeof c['bom-ref'] === 'string' ? byRef.get(c['bom-ref']) : undefined
    const f = named ?? (typeof c.purl === 'string' ? byPurl.get(c.purl) : undefined)
    if (!f) return
    // a component without a bom-ref gets the one its facts are filed under, so the BOM's links can name it
    if (c['bom-ref'] === undefined) c['bom-ref'] = f.ref
    addLicenses(c, f)
    addRegistryReference(c, f)
    if (f.problems.length > 0) c.properties = [...((c.properties as Json[] | undefined) ?? []), ...problems(f)]
  })
  const assets = cryptoAssets(facts, o.catalogue ?? [], o.specVersion)
  const components = [...((bom.components as Json[] | undefined) ?? []), ...assets.components]
  const dependencies = [...((bom.dependencies as Json[] | undefined) ?? []), ...assets.provided]
  const vulnerabilities = vulnerabilityList(facts)
  return {
    ...bom,
    specVersion: o.specVersion,
    serialNumber: o.serialNumber,
    version: 1,
    metadata: {
      ...((bom.metadata as Json | undefined) ?? {}),
      timestamp: o.timestamp,
      tools: { components: [{ type: 'application', name: 'compintel', version: o.toolVersion }] },
      properties: o.sources.map((s) => ({ name: `compintel:source:${s.name}`, value: s.asOf })),
    },
    components,
    ...(dependencies.length > 0 ? { dependencies } : {}),
    ...(vulnerabilities.length > 0 ? { vulnerabilities } : {}),
  }
}

function library(f: ComponentFacts): Json {
  const p = tryParsePurl(f.purl) // parsed when the input was read: never undefined here
  return {
    type: 'library',
    'bom-ref': f.ref,
    name: p?.namespace ? `${p.namespace}/${p.name}` : (p?.name ?? f.purl),
    ...(f.version ? { version: f.version } : {}),
    purl: f.purl,
  }
}

function walk(components: Json[], visit: (c: Json) => void): void {
  const stack = [...components]
  while (stack.length > 0) {
    const c = stack.pop() as Json
    visit(c)
    if (Array.isArray(c.components)) stack.push(...(c.components as Json[]))
  }
}

function problems(f: ComponentFacts): Json[] {
  return f.problems.map((p) => ({
    name: `compintel:not-enriched:${p.question}`,
    value: `${p.outcome.code}: ${p.outcome.message}`,
  }))
}

const METHOD: Record<string, string> = { 'CVSS:3.0': 'CVSSv3', 'CVSS:3.1': 'CVSSv31', 'CVSS:4.0': 'CVSSv4' }

function vulnerabilityList(facts: readonly ComponentFacts[]): Json[] {
  const byId = new Map<string, { v: Vulnerability; affects: Json[] }>()
  for (const f of facts)
    for (const v of f.vulnerabilities) {
      const entry = byId.get(v.id) ?? { v, affects: [] }
      entry.affects.push({ ref: f.ref, versions: [{ version: f.version, status: 'affected' }] })
      byId.set(v.id, entry)
    }
  return [...byId.values()].map(({ v, affects }) => ({
    'bom-ref': `vulnerability/${v.id}`,
    id: v.id,
    source: { name: v.sources[0] ?? 'osv', ...(v.url ? { url: v.url } : {}) },
    ratings: v.cvss.map((c) => ({
      method: METHOD[c.vector.slice(0, 8)] ?? 'CVSSv2',
      vector: c.vector,
      score: c.score,
      severity: c.severity.toLowerCase(),
    })),
    cwes: v.cweIds.flatMap((c) => (/^CWE-\d+$/.test(c) ? [Number(c.slice(4))] : [])),
    ...(v.summary ? { description: v.summary } : {}),
    ...(v.published ? { published: v.published } : {}),
    ...(v.modified ? { updated: v.modified } : {}),
    ...(v.fixedVersions.length > 0 ? { recommendation: `Upgrade to ${v.fixedVersions.join(' or ')}` } : {}),
    affects,
    properties: [
      // an OSV malicious-package report (MAL-…): the package itself is malware, not a flaw in it
      ...(v.advisoryIds.some((id) => id.startsWith('MAL-')) ? [{ name: 'compintel:malicious', value: 'true' }] : []),
      ...v.aliases.map((a) => ({ name: 'compintel:alias', value: a })),
      ...(v.epss
        ? [
            { name: 'compintel:epss:probability', value: String(v.epss.probability) },
            { name: 'compintel:epss:percentile', value: String(v.epss.percentile) },
          ]
        : []),
    ],
  }))
}
