// The nearest upgrade that fixes a component version's known vulnerabilities (docs/vulnerabilities.md
// "Remediation"): among the KB's later versions of the package — releases only, none its registry deprecated, yanked,
// removed or marked malicious — in the ecosystem's own order, the first that no known advisory of the package affects
// (osv-match.ts, the matcher the answers use), and the first that no severe one affects, each preferably within the
// version's major.
import type { KnownVersion } from '../catalog/types.ts'
import type { VersionScheme } from '../shared/versions/types.ts'
import type { Vulnerability } from './merge.ts'
import { isAffected } from './osv-match.ts'
import type { PackageAdvisory } from './types.ts'

export interface Upgrade {
  version: string
  /** Whether it has the evaluated version's major (one is chosen over a nearer-looking one of another major). */
  sameMajor: boolean
}

export interface Remediation {
  /** The nearest later version no known advisory of the package affects; null when no known version is so. */
  fixesAll: Upgrade | null
  /** The nearest later version no severe vulnerability of the package affects; absent when no finding is severe. */
  fixesSevere?: Upgrade | null
}

/**
 * A finding that makes an upgrade urgent: rated Critical or High (the band of its highest CVSS score, else its
 * source's word), or listed by CISA as known exploited (KEV). The one place that says so.
 */
export function isSevere(finding: Vulnerability): boolean {
  return finding.severity === 'Critical' || finding.severity === 'High' || finding.kev !== undefined
}

/** What the KB knows of one package: every known vulnerability with its advisories, and every version. */
export interface PackageFacts {
  scheme: VersionScheme
  /** Every advisory naming the package (not only those affecting the version evaluated). */
  advisories: readonly PackageAdvisory[]
  /** Those advisories merged into vulnerabilities (merge.ts), which judge severity. */
  vulnerabilities: readonly Vulnerability[]
  versions: readonly KnownVersion[]
}

/**
 * The remediation of each version of one package asked about (a batch may ask about many versions of one package:
 * which versions are clean is worked out once for them all). Undefined when there is nothing to fix: no findings, or
 * no version evaluated.
 */
export function remediationPlanner(
  p: PackageFacts,
): (version: string, findings: readonly Vulnerability[]) => Remediation | undefined {
  const severeIds = new Set(p.vulnerabilities.filter(isSevere).flatMap((v) => v.advisoryIds))
  const severe = p.advisories.filter((a) => severeIds.has(a.advisory.id))
  const candidates = releases(p.versions, p.scheme)
  const cleanOfAll = memo((v) => !p.advisories.some((a) => isAffected(v, a.affected, p.scheme)))
  const cleanOfSevere = memo((v) => !severe.some((a) => isAffected(v, a.affected, p.scheme)))
  return (version, findings) => {
    if (version === '' || findings.length === 0) return undefined
    const later = candidates.filter((v) => p.scheme.compare(v, version) > 0)
    const fixesAll = nearest(later, version, cleanOfAll)
    return findings.some(isSevere) ? { fixesAll, fixesSevere: nearest(later, version, cleanOfSevere) } : { fixesAll }
  }
}

/** The versions an upgrade may go to, in ascending order, one spelling each: active releases, no pre-releases. */
function releases(versions: readonly KnownVersion[], scheme: VersionScheme): string[] {
  const kept = versions
    .filter((v) => v.status === 'active' && scheme.isValid(v.version) && !scheme.isPrerelease(v.version))
    .map((v) => v.version)
    .sort((a, b) => scheme.compare(a, b))
  return kept.filter((v, i) => i === 0 || scheme.compare(kept[i - 1] as string, v) !== 0)
}

function nearest(later: readonly string[], from: string, clean: (v: string) => boolean): Upgrade | null {
  const major = majorOf(from)
  const same = major === undefined ? undefined : later.find((v) => majorOf(v) === major && clean(v))
  if (same !== undefined) return { version: same, sameMajor: true }
  const other = later.find(clean)
  return other === undefined ? null : { version: other, sameMajor: false }
}

/**
 * A version's major: its first release number, with the epoch before it (Debian's `N:`, PEP 440's `N!`; none is 0),
 * a leading `v` dropped and leading zeros ignored (`v1.2.3` and `1.0` are major 1, Debian `1:2.3-1` is 1:2).
 * Undefined when the version does not start with a number.
 */
export function majorOf(version: string): string | undefined {
  const m = /^(?:(\d+)[:!])?[vV]?(\d+)/.exec(version)
  if (!m) return undefined
  const number = (digits: string) => digits.replace(/^0+(?=\d)/, '')
  return `${number(m[1] ?? '0')}:${number(m[2] as string)}`
}

function memo(f: (v: string) => boolean): (v: string) => boolean {
  const seen = new Map<string, boolean>()
  return (v) => {
    let known = seen.get(v)
    if (known === undefined) {
      known = f(v)
      seen.set(v, known)
    }
    return known
  }
}
