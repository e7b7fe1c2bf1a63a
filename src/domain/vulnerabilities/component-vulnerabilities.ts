// Known vulnerabilities of component versions (docs/api-behaviour.md "Vulnerabilities"), in request order, with a
// constant number of reads per batch: the catalog (versions), the advisories naming the packages, the EPSS scores and
// the KEV entries of their CVEs (ids and aliases), and every version of the packages an exact lookup read only in
// part, for the nearest upgrade that fixes them.
import {
  type ComponentRef,
  exactVersionOf,
  type Resolved,
  resolveBatch,
  withAllVersions,
} from '../catalog/resolve-batch.ts'
import { type CatalogReader, type ComponentKey, keyOf } from '../catalog/types.ts'
import { type Outcome, SUCCESS } from '../shared/outcome.ts'
import { purlName, tryParsePurl } from '../shared/purl.ts'
import { schemeFor } from '../shared/versions/index.ts'
import { type CveFacts, cvesOf, mergeAdvisories, type Vulnerability } from './merge.ts'
import { affectsEveryVersion, isAffected } from './osv-match.ts'
import { type Remediation, remediationPlanner } from './remediation.ts'
import type { AdvisoryReader, PackageAdvisory } from './types.ts'

export interface VulnerabilityResult {
  purl: string
  requirement: string
  /** The version evaluated ('' when none could be determined). */
  version: string
  vulnerabilities: Vulnerability[]
  /** The nearest upgrades that fix them (remediation.ts); absent when there is nothing to fix. */
  remediation?: Remediation
  outcome: Outcome
}

export interface VulnerabilityPorts {
  catalog: CatalogReader
  advisories: AdvisoryReader
}

/** What to evaluate for one item: a version, every-version advisories only, or nothing (an outcome). */
type Target = { version: string } | { everyVersion: true; outcome: Outcome } | { outcome: Outcome }

export async function componentVulnerabilities(
  refs: readonly ComponentRef[],
  ports: VulnerabilityPorts,
): Promise<VulnerabilityResult[]> {
  const resolved = await resolveBatch(refs, ports.catalog)
  const keys = resolved.flatMap((r) => (r.parsed ? [{ type: r.parsed.type, purlName: purlName(r.parsed) }] : []))
  for (const r of resolved) {
    const source = sourceKey(r)
    if (source) keys.push(source)
  }
  const advisories = keys.length > 0 ? await ports.advisories.forPackages(keys) : new Map<string, PackageAdvisory[]>()
  const matched = resolved.map((r, i) => match(r, refs[i] as ComponentRef, advisories))
  // the CVEs of every advisory naming the packages: those affecting other versions weigh in the upgrades' severity
  const cves = cvesOf(matched.flatMap((m) => m.named))
  const facts: CveFacts = {
    epss: cves.length > 0 ? await ports.advisories.epss(cves) : new Map(),
    kev: cves.length > 0 ? await ports.advisories.kev(cves) : new Map(),
  }
  const found = matched.map((m) => mergeAdvisories(m.advisories, facts))
  const complete = await withAllVersions(resolved, (_, i) => fixable(matched[i], found[i]), ports.catalog)
  const planners = new Map<string, ReturnType<typeof remediationPlanner>>()
  return complete.map((r, i) => {
    const m = matched[i] as (typeof matched)[number]
    const vulnerabilities = found[i] as Vulnerability[]
    const remediation = fixable(m, vulnerabilities) ? plannerOf(r, m.named, facts, planners) : undefined
    return {
      ...r.sent, // purl and requirement echoed as sent
      version: m.version,
      vulnerabilities,
      ...(remediation ? { remediation: remediation(m.version, vulnerabilities) } : {}),
      outcome: m.outcome,
    }
  })
}

/** Whether an upgrade can be looked for: a version was evaluated and is affected. */
function fixable(m: { version: string } | undefined, found: readonly Vulnerability[] | undefined): boolean {
  return m !== undefined && m.version !== '' && (found?.length ?? 0) > 0
}

/** One planner per package of the batch (a batch may ask about many versions of one package). */
function plannerOf(
  r: Resolved,
  named: PackageAdvisory[],
  facts: CveFacts,
  planners: Map<string, ReturnType<typeof remediationPlanner>>,
) {
  const own = keyOf({ type: r.parsed?.type ?? '', purlName: r.parsed ? purlName(r.parsed) : '' })
  const source = sourceKey(r)
  const key = `${own}\u0000${source ? keyOf(source) : ''}`
  let planner = planners.get(key)
  if (!planner) {
    const scheme = schemeFor(r.parsed?.type ?? '')
    const vulnerabilities = mergeAdvisories(named, facts)
    planner = remediationPlanner({ scheme, advisories: named, vulnerabilities, versions: r.component?.versions ?? [] })
    planners.set(key, planner)
  }
  return planner
}

function match(r: Resolved, ref: ComponentRef, all: Map<string, PackageAdvisory[]>) {
  const none = { version: '', advisories: [] as PackageAdvisory[], named: [] as PackageAdvisory[] }
  if (!r.parsed) return { ...none, outcome: r.outcome }
  const own = all.get(keyOf({ type: r.parsed.type, purlName: purlName(r.parsed) })) ?? []
  const source = sourceKey(r)
  const ids = new Set(own.map((a) => a.advisory.id))
  const named = [...own, ...((source && all.get(keyOf(source))) || []).filter((a) => !ids.has(a.advisory.id))]
  const target = targetOf(r, ref, named.length > 0)
  if ('version' in target) {
    const scheme = schemeFor(r.parsed.type)
    return {
      version: target.version,
      advisories: named.filter((a) => isAffected(target.version, a.affected, scheme)),
      named,
      outcome: SUCCESS,
    }
  }
  if ('everyVersion' in target) {
    const every = named.filter((a) => affectsEveryVersion(a.affected))
    // nothing is lost when every advisory naming the package affects every version (e.g. malware reports)
    return { ...none, advisories: every, outcome: every.length === named.length ? SUCCESS : target.outcome }
  }
  return { ...none, outcome: target.outcome }
}

/**
 * The source package of a Debian binary package, whose advisories are the binary's too (Debian's own records name
 * source packages): the component's source purl in the KB, else the purl's `upstream` qualifier (syft writes
 * `upstream=openssl@3.0.11-1`); none for other types or when it is the package itself.
 */
function sourceKey(r: Resolved): ComponentKey | undefined {
  if (r.parsed?.type !== 'deb') return undefined
  const fromKb = r.component?.sourcePurl ? tryParsePurl(r.component.sourcePurl) : undefined
  const upstream = r.parsed.qualifiers?.upstream?.split('@')[0]
  const name = fromKb?.name ?? upstream
  if (!name || name === r.parsed.name) return undefined
  return { type: 'deb', purlName: `debian/${name.toLowerCase()}` }
}

/**
 * The version to evaluate. A resolved version first; otherwise an exact version given in the purl or requirement
 * is evaluated as it is (an advisory can name a version the KB has not indexed, or a package it does not know);
 * otherwise only the advisories that affect every version can be reported.
 */
function targetOf(r: Resolved, ref: ComponentRef, advised: boolean): Target {
  if (r.outcome.code === 'SUCCESS') return { version: r.version }
  if (r.outcome.code === 'INVALID_SEMVER') return { outcome: r.outcome }
  const exact = exactVersionOf(ref, r.parsed?.type ?? '')
  if (exact !== undefined && (r.component || advised)) return { version: exact }
  if (!r.component && !advised) return { outcome: r.outcome }
  const asked = r.requirement ? `'${r.requirement}'` : 'no version'
  const why = r.component ? `no known version of ${r.purl} matches ${asked}` : `${r.purl} is not in the knowledge base`
  const message = `${why}: only advisories affecting every version are listed`
  return { everyVersion: true, outcome: { code: 'VERSION_NOT_FOUND', message } }
}
