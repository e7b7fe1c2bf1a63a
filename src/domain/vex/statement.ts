// The one shape every VEX statement is read into (docs/sbom.md "VEX"), whatever document stated it: a CycloneDX BOM's
// `vulnerabilities[].analysis`, an OpenVEX statement or a CSAF VEX product status. States and justifications are
// CycloneDX's (the output's vocabulary); the other formats' are mapped by the tables below. Documents come from
// outside: the readers bound and check them through guards.ts.
import { purlName, tryParsePurl } from '../shared/purl.ts'
import { VexInputError } from './guards.ts'

export const VEX_STATES = [
  'resolved',
  'resolved_with_pedigree',
  'exploitable',
  'in_triage',
  'false_positive',
  'not_affected',
] as const
export type VexState = (typeof VEX_STATES)[number]

export const VEX_JUSTIFICATIONS = [
  'code_not_present',
  'code_not_reachable',
  'requires_configuration',
  'requires_dependency',
  'requires_environment',
  'protected_by_compiler',
  'protected_at_runtime',
  'protected_at_perimeter',
  'protected_by_mitigating_control',
] as const

export const VEX_RESPONSES = ['can_not_fix', 'will_not_fix', 'update', 'rollback', 'workaround_available'] as const

/** A CycloneDX analysis: what the output's vulnerability carries. */
export interface VexAnalysis {
  state: VexState
  justification?: string
  response?: string[]
  detail?: string
}

/** Which document stated it: `sbom` (the input BOM's own analysis) or `vex[<n>]` (the n-th VEX document sent, 0-based). */
export interface VexStatement {
  /** The vulnerability's id and aliases as stated, upper-cased for comparison. */
  ids: string[]
  /** The component: type/namespace/name as purlName keys it, and the version when the statement names one. */
  component: { key: string; version?: string }
  analysis: VexAnalysis
  source: string
  /** The statement's place: the document's rank among those sent (the BOM's own is 0), then its order inside it. */
  rank: number
  order: number
}

/** The component a purl names, or undefined for anything that is not one (an OpenVEX product may be any IRI). */
export function componentOf(purl: string | undefined, where: string): VexStatement['component'] | undefined {
  if (purl === undefined || !purl.startsWith('pkg:')) return undefined
  const p = tryParsePurl(purl)
  if (!p) throw new VexInputError(`${where}: "${purl.slice(0, 200)}" is not a valid purl`)
  return { key: `${p.type}/${purlName(p)}`, ...(p.version ? { version: p.version } : {}) }
}

/** Vulnerability names as compared: trimmed and upper-cased (CVE-…, GHSA-…; GHSA ids are case-insensitive). */
export const vulnKey = (id: string) => id.trim().toUpperCase()

/** OpenVEX statuses and CSAF product status groups, as CycloneDX analysis states. */
export const STATE_OF: Record<string, VexState> = {
  // OpenVEX
  not_affected: 'not_affected',
  affected: 'exploitable',
  fixed: 'resolved',
  under_investigation: 'in_triage',
  // CSAF 2.0 product_status
  known_not_affected: 'not_affected',
  known_affected: 'exploitable',
  first_affected: 'exploitable',
  last_affected: 'exploitable',
  first_fixed: 'resolved',
}

/** OpenVEX justifications and CSAF flag labels (the same five words), as CycloneDX justifications. */
export const JUSTIFICATION_OF: Record<string, string> = {
  component_not_present: 'code_not_present',
  vulnerable_code_not_present: 'code_not_present',
  vulnerable_code_not_in_execute_path: 'code_not_reachable',
  vulnerable_code_cannot_be_controlled_by_adversary: 'requires_environment',
  inline_mitigations_already_exist: 'protected_by_mitigating_control',
}

/** CSAF remediation categories as CycloneDX responses (`mitigation` and `workaround` both a workaround). */
export const RESPONSE_OF: Record<string, string> = {
  vendor_fix: 'update',
  workaround: 'workaround_available',
  mitigation: 'workaround_available',
  no_fix_planned: 'will_not_fix',
  none_available: 'can_not_fix',
}

/** An analysis in one line, for formats without VEX (SPDX 2.3): `not_affected (code_not_reachable; update): detail`. */
export function analysisLine(a: VexAnalysis): string {
  const why = [a.justification, ...(a.response ?? [])].filter((x) => x)
  return `${a.state}${why.length > 0 ? ` (${why.join('; ')})` : ''}${a.detail ? `: ${a.detail}` : ''}`
}
