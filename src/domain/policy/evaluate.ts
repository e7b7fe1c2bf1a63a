// A policy's verdict over a BOM's components and their findings (docs/policy.md): each rule is tried on every
// finding that counts (those a VEX statement marks not_affected or false_positive do not) when it has finding
// conditions, else on every component; it fires when all its conditions hold, and each firing is a violation naming
// why. Any `fail` violation fails the verdict; `warn` ones alone warn.
import { copyleftClass } from '../licenses/osadl.ts'
import { copyleftIn, type Finding, licenseDenied, licenseList, licenseNotAllowed } from './license-conditions.ts'
import {
  type Conditions,
  FINDING_CONDITIONS,
  type Policy,
  type Rule,
  SEVERITIES,
  type SeverityLevel,
} from './policy.ts'

export interface PolicyFinding {
  id: string
  aliases: string[]
  /** LOW, MEDIUM, HIGH, CRITICAL (any case), or '' when no source rates it. */
  severity: string
  /** The highest CVSS base score of the finding, or null. */
  cvss: number | null
  epss: number | null
  /** A malicious-package report (OSV MAL-…): the package itself is malware. */
  malicious: boolean
  /** When CISA's catalogue added it, or null when it is not listed as known exploited. */
  kevDateAdded: string | null
  /** The VEX state that takes it out of the verdict (not_affected, false_positive), or null. */
  suppressedBy: string | null
}

export interface PolicyComponent {
  ref: string
  purl: string
  version: string
  /** The component's license as an SPDX expression, or null when none is known. */
  license: string | null
  /** The lifecycle status (active, deprecated, removed, deleted, malicious), or 'unknown'. */
  status: string
  algorithms: { name: string; weak: boolean; quantumVulnerable: boolean }[]
  findings: PolicyFinding[]
}

interface Violation {
  rule: string
  action: Rule['action']
  component: string
  finding: string | null
  reason: string
}

export interface Verdict {
  verdict: 'pass' | 'warn' | 'fail'
  violations: Violation[]
  summary: {
    components: number
    findings: number
    suppressed: number
    fail: number
    warn: number
    rules: { id: string; action: Rule['action']; violations: number }[]
  }
}

export function evaluatePolicy(policy: Policy, components: readonly PolicyComponent[]): Verdict {
  const violations = policy.rules.flatMap((rule) => components.flatMap((c) => fire(rule, c)))
  const count = (action: Rule['action']) => violations.filter((v) => v.action === action).length
  const findings = components.flatMap((c) => c.findings)
  return {
    verdict: count('fail') > 0 ? 'fail' : count('warn') > 0 ? 'warn' : 'pass',
    violations,
    summary: {
      components: components.length,
      findings: findings.length,
      suppressed: findings.filter((f) => f.suppressedBy !== null).length,
      fail: count('fail'),
      warn: count('warn'),
      rules: policy.rules.map((r) => ({
        id: r.id,
        action: r.action,
        violations: violations.filter((v) => v.rule === r.id).length,
      })),
    },
  }
}

function fire(rule: Rule, c: PolicyComponent): Violation[] {
  const ofComponent = componentReasons(rule.when, c)
  if (ofComponent === undefined) return []
  const violation = (finding: string | null, reasons: string[]) => ({
    rule: rule.id,
    action: rule.action,
    component: c.purl,
    finding,
    reason: reasons.join('; '),
  })
  if (!FINDING_CONDITIONS.some((k) => k in rule.when)) return [violation(null, ofComponent)]
  return c.findings.flatMap((f) => {
    if (f.suppressedBy !== null) return []
    const reasons = findingReasons(rule.when, f)
    return reasons ? [violation(f.id, [...reasons, ...ofComponent])] : []
  })
}

/** Why each finding condition holds, or undefined when one does not. */
function findingReasons(when: Conditions, f: PolicyFinding): string[] | undefined {
  const reasons: Finding[] = []
  if (when.severity_at_least) {
    const level = severityLevel(f.severity)
    const floor = SEVERITIES.indexOf(when.severity_at_least)
    reasons.push(level !== undefined && SEVERITIES.indexOf(level) >= floor ? `severity ${level}` : undefined)
  }
  if (when.cvss_at_least !== undefined)
    reasons.push(f.cvss !== null && f.cvss >= when.cvss_at_least ? `CVSS ${f.cvss}` : undefined)
  if (when.epss_at_least !== undefined)
    reasons.push(f.epss !== null && f.epss >= when.epss_at_least ? `EPSS ${f.epss}` : undefined)
  if (when.kev) reasons.push(f.kevDateAdded ? `known exploited (CISA KEV since ${f.kevDateAdded})` : undefined)
  return reasons.every((r) => r !== undefined) ? (reasons as string[]) : undefined
}

/** Why each component condition holds ([] when it has none), or undefined when one does not. */
function componentReasons(when: Conditions, c: PolicyComponent): string[] | undefined {
  const reasons: Finding[] = []
  if (when.malicious) reasons.push(maliciousReason(c))
  if (when.status_in) reasons.push(when.status_in.includes(c.status) ? `status ${c.status}` : undefined)
  if (when.license_denied) reasons.push(licenseDenied(c.license, licenseList(when.license_denied)))
  if (when.license_allowed) reasons.push(licenseNotAllowed(c.license, licenseList(when.license_allowed)))
  if (when.copyleft_in) reasons.push(copyleftIn(c.license, new Set(when.copyleft_in), copyleftClass))
  if (when.crypto) {
    const hits = c.algorithms.filter(
      (a) =>
        (when.crypto?.includes('weak') && a.weak) ||
        (when.crypto?.includes('quantum-vulnerable') && a.quantumVulnerable),
    )
    reasons.push(hits.length > 0 ? `uses ${hits.map((a) => a.name).join(', ')}` : undefined)
  }
  return reasons.every((r) => r !== undefined) ? (reasons as string[]) : undefined
}

function maliciousReason(c: PolicyComponent): Finding {
  const reports = c.findings.filter((f) => f.suppressedBy === null && f.malicious).map((f) => f.id)
  if (reports.length > 0) return `malicious-package report ${reports.join(', ')}`
  return c.status === 'malicious' ? 'status malicious' : undefined
}

function severityLevel(word: string): SeverityLevel | undefined {
  const w = word.toLowerCase()
  return (SEVERITIES as readonly string[]).includes(w) ? (w as SeverityLevel) : w === 'moderate' ? 'medium' : undefined
}
