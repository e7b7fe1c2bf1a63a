// The enriched SPDX 2.3 JSON document (docs/sbom.md "SPDX out"): an SPDX input kept as it was (packages, files,
// relationships, annotations and the rest), other inputs turned into one package per component (spdx-packages.ts),
// plus from the KB for each package it knows: the declared license where the package states none (the licenses found
// in its files as license comments), the registry page as homepage and the registry's hashes as checksums where it
// has none, an advisory reference per known vulnerability (SPDX 2.3 has no VEX: the affected status, ratings and
// fixes are CycloneDX's; a VEX analysis that applies is written in its comment), an annotation naming the nearest
// upgrades that fix them, one naming the algorithms its crypto analysis found, and one saying why it could not be
// enriched. A new creation time, creator and namespace: it is a new document.

import { analysisLine } from '../vex/statement.ts'
import { kevLine } from '../vulnerabilities/kev.ts'
import type { AnalysedVulnerability, ComponentFacts } from './enrich.ts'
import type { SbomInput } from './read-input.ts'
import { SpdxLicenses } from './spdx-licenses.ts'
import { checksums, convertedPackages } from './spdx-packages.ts'

export interface SpdxOptions {
  toolVersion: string
  /** The KB's loaded data sources and their dates, as document annotations (`compintel:source:<name> <date>`). */
  sources: { name: string; asOf: string }[]
  /** ISO time of this document; fractions of a second are dropped (SPDX writes YYYY-MM-DDThh:mm:ssZ). */
  timestamp: string
  /** The document's own URI, unique to it and without '#' (e.g. `https://spdx.org/spdxdocs/compintel-<uuid>`). */
  documentNamespace: string
}

type Json = Record<string, unknown>
type Note = (comment: string) => Json
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/** `document`: the input as parsed from JSON, or its text (a list of purls is text either way). */
export function enrichedSpdx(
  input: SbomInput,
  document: unknown,
  facts: readonly ComponentFacts[],
  o: SpdxOptions,
): Json {
  const doc = input.format !== 'purls' && typeof document === 'string' ? parsed(document) : document
  const created = o.timestamp.replace(/\.\d+(?=Z$)/, '')
  const tool = `Tool: compintel-${o.toolVersion}`
  const note: Note = (comment) => ({ annotationDate: created, annotationType: 'OTHER', annotator: tool, comment })
  const base: Json = input.format === 'spdx' && isObject(doc) ? structuredClone(doc) : {}
  const licenses = new SpdxLicenses(base.hasExtractedLicensingInfos)
  const converted = input.format === 'spdx' ? undefined : convertedPackages(input, doc, licenses)
  const packages = converted?.packages ?? arrayOf(base.packages)
  const refs = converted?.refs ?? packages.map((p, i) => String((isObject(p) && p.SPDXID) || `package ${i + 1}`))
  const byRef = new Map(facts.map((f) => [f.ref, f]))
  packages.forEach((p, i) => {
    const f = byRef.get(refs[i] as string)
    if (f && isObject(p)) enrich(p, f, licenses, note)
  })
  const info = isObject(base.creationInfo) ? base.creationInfo : {}
  const extracted = [...arrayOf(base.hasExtractedLicensingInfos), ...licenses.added]
  const annotations = [
    ...arrayOf(base.annotations),
    ...o.sources.map((s) => note(`compintel:source:${s.name} ${s.asOf}`)),
  ]
  // a new document: the input's fields kept in their order, its time, creators and namespace renewed
  const renewed = {
    dataLicense: 'CC0-1.0',
    documentNamespace: o.documentNamespace,
    creationInfo: { ...info, created, creators: [...arrayOf(info.creators).filter((c) => c !== tool), tool] },
  }
  const name = converted?.name ?? 'compintel enriched SBOM'
  const out: Json = { spdxVersion: 'SPDX-2.3', SPDXID: 'SPDXRef-DOCUMENT', name, ...renewed, ...base }
  Object.assign(out, renewed, { packages })
  if (converted) out.relationships = converted.relationships
  if (extracted.length > 0) out.hasExtractedLicensingInfos = extracted
  if (annotations.length > 0) out.annotations = annotations
  return out
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const unset = (v: unknown) => v === undefined || v === 'NOASSERTION'

function enrich(p: Json, f: ComponentFacts, licenses: SpdxLicenses, note: Note): void {
  const notes = licensesOf(p, f, licenses, note)
  if (unset(p.homepage) && /^https?:\/\/\S+$/.test(f.licenses.url)) p.homepage = f.licenses.url
  if (p.checksums === undefined) Object.assign(p, checksums(f.hashes))
  const refs = arrayOf(p.externalRefs)
  const located = new Set(refs.map((r) => (isObject(r) ? r.referenceLocator : undefined)))
  const advisories = f.vulnerabilities.filter((v) => /^https?:\/\/\S+$/.test(v.url))
  const added = advisories.filter((v) => !located.has(v.url)).map(advisory)
  if (added.length > 0) p.externalRefs = [...refs, ...added]
  notes.push(
    ...f.vulnerabilities.filter((v) => !advisories.includes(v)).map((v) => note(`compintel:vulnerability ${about(v)}`)),
    ...upgrades(f).map((text) => note(`compintel:remediation ${text}`)),
    ...(f.algorithms.length > 0
      ? [note(`compintel:cryptography ${f.algorithms.map((a) => `${a.algorithm} (${a.strength})`).join(', ')}`)]
      : []),
    ...(f.problems.length > 0
      ? [
          note(
            `compintel:not-enriched ${f.problems.map((q) => `${q.question}: ${q.outcome.code} (${q.outcome.message})`).join('; ')}`,
          ),
        ]
      : []),
  )
  if (notes.length > 0) p.annotations = [...arrayOf(p.annotations), ...notes]
}

/**
 * The declared license from the KB where the package states none (the registry's declared expression, as the
 * CycloneDX writer's `declared` license); a declared string that is not SPDX and the licenses found in the package's
 * files in `licenseComments` (or a note, when the package has comments of its own). `licenseConcluded` is left as it
 * is: nobody concluded anything.
 */
function licensesOf(p: Json, f: ComponentFacts, licenses: SpdxLicenses, note: Note): Json[] {
  const o = f.licenseOrigin
  if (unset(p.licenseDeclared) && o.declaredExpression !== '') {
    const declared = licenses.expression(o.declaredExpression)
    if (declared) p.licenseDeclared = declared
  }
  const said = [
    o.declaredText !== '' ? `declared on its registry as "${o.declaredText}" (not an SPDX expression)` : '',
    o.detected.length > 0 ? `licenses found in the package's files: ${o.detected.join(', ')}` : '',
  ].filter((s) => s !== '')
  if (said.length === 0) return []
  const text = `compintel: ${said.join('; ')}`
  if (p.licenseComments !== undefined) return [note(text)]
  p.licenseComments = text
  return []
}

/** The nearest upgrades that fix the package's known vulnerabilities, in one line, where one is known. */
function upgrades(f: ComponentFacts): string[] {
  const r = f.remediation
  const n = f.vulnerabilities.length
  const known = n === 1 ? 'the known vulnerability' : `all ${n} known vulnerabilities`
  const said = [
    r?.fixesAll ? `upgrade to ${r.fixesAll.version} fixes ${known}` : '',
    r?.fixesSevere ? `upgrade to ${r.fixesSevere.version} fixes the critical and high ones` : '',
  ].filter((s) => s !== '')
  return said.length > 0 ? [said.join('; ')] : []
}

/** SPDX 2.3's only vulnerability field: a SECURITY reference of type advisory to the advisory's page. */
function advisory(v: AnalysedVulnerability): Json {
  return { referenceCategory: 'SECURITY', referenceType: 'advisory', referenceLocator: v.url, comment: about(v) }
}

/** The vulnerability in one line: its ids, severity, KEV listing, CVSS, EPSS, fixed versions, summary and VEX analysis. */
function about(v: AnalysedVulnerability): string {
  const worst = [...v.cvss].sort((a, b) => b.score - a.score)[0]
  const facts = [
    v.severity,
    v.kev ? kevLine(v.kev) : '',
    worst ? `CVSS ${worst.score} ${worst.vector}` : '',
    v.epss ? `EPSS ${v.epss.probability} (percentile ${v.epss.percentile})` : '',
    v.fixedVersions.length > 0 ? `fixed in ${v.fixedVersions.join(', ')}` : '',
    v.summary,
    v.analysis ? `VEX ${analysisLine(v.analysis)} (${v.analysisSource})` : '',
  ]
  return `${[...new Set([v.id, ...v.advisoryIds, ...v.aliases])].join(', ')}: ${facts.filter((s) => s !== '').join('; ')}`
}
