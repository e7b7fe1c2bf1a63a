// The enriched CycloneDX BOM (docs/sbom.md "CycloneDX out"): the input's document kept as it was (or, for SPDX,
// lockfile and purl inputs, one library component per purl), plus from the KB: the declared license and the licenses
// found in files (cyclonedx-licenses.ts), the registry page, a `vulnerabilities` array (the VEX part: ratings, CWEs,
// affected components, fixes, EPSS in properties, malicious packages marked), a cryptography bill of materials
// (cyclonedx-crypto.ts), the tool and the KB's sources in metadata, the nearest upgrades that fix a component's
// vulnerabilities, and why a component could not be enriched.
import type { CatalogueAlgorithm } from '../cryptography/types.ts'
import { componentNames } from '../shared/component-name.ts'
import type { VexStatement } from '../vex/statement.ts'
import { ASSET_REF_PREFIX, cryptoAssets } from './cyclonedx-crypto.ts'
import { addLicenses, addRegistryReference } from './cyclonedx-licenses.ts'
import { inputVulnerabilities, vulnerabilityList } from './cyclonedx-vex.ts'
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
  /** The cryptographic algorithm catalogue (Services.algorithmCatalogue), which names and describes crypto assets. */
  catalogue: readonly CatalogueAlgorithm[]
  /** The VEX statements of the input and of the documents sent beside it, for the input's own vulnerabilities. */
  vex?: readonly VexStatement[]
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
  const assets = cryptoAssets(facts, o.catalogue, o.specVersion)
  walk((bom.components as Json[] | undefined) ?? [], (c) => {
    const named = typeof c['bom-ref'] === 'string' ? byRef.get(c['bom-ref']) : undefined
    const f = named ?? (typeof c.purl === 'string' ? byPurl.get(c.purl) : undefined)
    if (!f) return
    // a component without a bom-ref gets the one its facts are filed under, so the BOM's links can name it
    if (c['bom-ref'] === undefined) c['bom-ref'] = f.ref
    addLicenses(c, f)
    addRegistryReference(c, f)
    if (c.hashes === undefined && f.hashes.length > 0) c.hashes = f.hashes
    const kept = ['compintel:not-enriched:', 'compintel:cipher-mode', 'compintel:remediation:'].reduce(
      (props: Json[], prefix) => withoutOurs(props, prefix),
      Array.isArray(c.properties) ? (c.properties as Json[]) : [],
    )
    const modes = (assets.modesWithoutCipher.get(f.ref) ?? []).map((m) => ({ name: 'compintel:cipher-mode', value: m }))
    const ours = [...modes, ...remediation(f), ...problems(f)]
    if (kept.length + ours.length > 0) c.properties = [...kept, ...ours]
  })
  // a BOM enriched before gets this enrichment's assets, vulnerabilities and properties in place of the earlier ones
  const earlier = (c: Json) => c.type === 'cryptographic-asset' && String(c['bom-ref']).startsWith(ASSET_REF_PREFIX)
  const listed = (bom.components as Json[] | undefined) ?? []
  const dropped = new Set(listed.filter(earlier).map((c) => c['bom-ref'] as string))
  const components = [...listed.filter((c) => !earlier(c)), ...assets.components]
  const dependencies = withProvides((bom.dependencies as Json[] | undefined) ?? [], assets.provided, dropped)
  const ours = vulnerabilityList(facts)
  const ids = new Set(ours.map((v) => v.id))
  const unknown = ((bom.vulnerabilities as Json[] | undefined) ?? []).filter((v) => !ids.has(v.id))
  const carried = inputVulnerabilities(unknown, facts, o.vex ?? [])
  const vulnerabilities = [...carried, ...ours]
  const metadata = (bom.metadata as Json | undefined) ?? {}
  return {
    ...bom,
    specVersion: o.specVersion,
    serialNumber: o.serialNumber,
    version: 1,
    metadata: {
      ...metadata,
      timestamp: o.timestamp,
      tools: withTool(metadata.tools, o.toolVersion),
      properties: [
        ...withoutOurs(metadata.properties, 'compintel:source:'),
        ...o.sources.map((s) => ({ name: `compintel:source:${s.name}`, value: s.asOf })),
      ],
    },
    components,
    ...(dependencies.length > 0 ? { dependencies } : {}),
    ...(vulnerabilities.length > 0 ? { vulnerabilities } : {}),
  }
}

function library(f: ComponentFacts): Json {
  return {
    type: 'library',
    'bom-ref': f.ref,
    name: componentNames(f.purl).component || f.purl,
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

/** Properties but those whose name starts with `prefix` (an earlier enrichment's). */
function withoutOurs(properties: unknown, prefix: string): Json[] {
  const list = Array.isArray(properties) ? (properties as Json[]) : []
  return list.filter((p) => !(typeof p.name === 'string' && p.name.startsWith(prefix)))
}

/** The nearest upgrades that fix all the component's known vulnerabilities and its severe ones, where one is known. */
function remediation(f: ComponentFacts): Json[] {
  const r = f.remediation
  return [
    ...(r?.fixesAll ? [{ name: 'compintel:remediation:fixes_all', value: r.fixesAll.version }] : []),
    ...(r?.fixesSevere ? [{ name: 'compintel:remediation:fixes_severe', value: r.fixesSevere.version }] : []),
  ]
}

function problems(f: ComponentFacts): Json[] {
  return f.problems.map((p) => ({
    name: `compintel:not-enriched:${p.question}`,
    value: `${p.outcome.code}: ${p.outcome.message}`,
  }))
}

/** The input's tools (1.5+ object form, or the legacy list) with compintel added, once. */
function withTool(tools: unknown, version: string): Json | Json[] {
  const ours = (t: Json) => t.name === 'compintel' && t.version === version
  if (Array.isArray(tools))
    return tools.some(ours) ? tools : [...(tools as Json[]), { vendor: 'compintel', name: 'compintel', version }]
  const given = (tools as Json | undefined) ?? {}
  const components = (given.components as Json[] | undefined) ?? []
  if (components.some(ours)) return given
  return { ...given, components: [...components, { type: 'application', name: 'compintel', version }] }
}

/**
 * The input's dependency entries, each component's crypto assets added to its own entry (one entry per ref), and the
 * assets of an earlier enrichment (`dropped`) taken out of them.
 */
function withProvides(
  given: readonly Json[],
  provided: readonly { ref: string; provides: string[] }[],
  dropped: ReadonlySet<string>,
): Json[] {
  const out = given.map((d) => {
    if (!Array.isArray(d.provides)) return { ...d }
    const provides = (d.provides as string[]).filter((r) => !dropped.has(r))
    const { provides: _, ...rest } = d
    return provides.length > 0 ? { ...rest, provides } : rest
  })
  const byRef = new Map(out.map((d) => [d.ref, d]))
  for (const p of provided) {
    const entry = byRef.get(p.ref)
    if (!entry) out.push({ ref: p.ref, provides: p.provides })
    else entry.provides = [...new Set([...((entry.provides as string[] | undefined) ?? []), ...p.provides])]
  }
  return out
}
