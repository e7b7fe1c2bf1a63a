// The licenses of a batch of component references (docs/licenses.md "License result"), in
// request order, with a constant number of reads per batch: one catalog read, one license read for the resolved
// versions, and at most one more for the fallback candidates of every item together.
import { type ComponentRef, type Resolved, resolveBatch, withAllVersions } from '../catalog/resolve-batch.ts'
import type { CatalogReader, KnownVersion } from '../catalog/types.ts'
import type { Outcome } from '../shared/outcome.ts'
import { SUCCESS } from '../shared/outcome.ts'
import { resolveVersion } from '../shared/requirement.ts'
import { schemeFor } from '../shared/versions/index.ts'
import { nearestVersion } from './nearest-version.ts'
import type { LicenseEntry } from './spdx.ts'
import { hasLicenseFacts, summarise } from './summary.ts'
import type { LicenseReader, VersionLicenses } from './types.ts'

export interface LicenseResult {
  /** The purl as requested, without its @version. */
  purl: string
  /** The requirement in force (the purl's @version when it had one). */
  requirement: string
  /** The version the licenses are of ('' when none). */
  version: string
  /** The component's project URL ('' when the component is unknown). */
  url: string
  statement: string
  licenses: LicenseEntry[]
  outcome: Outcome
}

export interface LicensePorts {
  catalog: CatalogReader
  licenses: LicenseReader
}

type Facts = Map<number, VersionLicenses>

export async function componentLicenses(refs: readonly ComponentRef[], ports: LicensePorts): Promise<LicenseResult[]> {
  const first = await resolveBatch(refs, ports.catalog)
  const chosen = first.flatMap((r) => (r.outcome.code === 'SUCCESS' && r.chosen ? [r.chosen.id] : []))
  const facts: Facts = chosen.length > 0 ? await ports.licenses.ofVersions(chosen) : new Map()
  const targets = first.map((r) => fallbackTarget(r, facts))
  // the fallback looks at every version of its component, which an exact lookup did not read
  const resolved = await withAllVersions(first, (_r, i) => targets[i] !== undefined, ports.catalog)
  const candidates = new Set<number>()
  resolved.forEach((r, i) => {
    if (targets[i] === undefined) return
    for (const v of r.component?.versions ?? []) if (!facts.has(v.id)) candidates.add(v.id)
  })
  if (candidates.size > 0) for (const [id, v] of await ports.licenses.ofVersions([...candidates])) facts.set(id, v)
  return resolved.map((r, i) => answer(r, targets[i], facts))
}

/**
 * The version (or requirement) to look near when the answer needs another version's facts: the resolved version
 * when it has none, or the requested version/requirement when no known version matched it.
 */
function fallbackTarget(r: Resolved, facts: Facts): string | undefined {
  if (r.outcome.code === 'SUCCESS' && r.chosen && !hasLicenseFacts(facts.get(r.chosen.id))) return r.chosen.version
  if (r.outcome.code === 'VERSION_NOT_FOUND' && r.component && r.requirement !== '') return r.requirement
  return undefined
}

function answer(r: Resolved, target: string | undefined, facts: Facts): LicenseResult {
  const base = {
    ...r.sent, // purl and requirement echoed as sent (docs/api-behaviour.md "Wire conventions")
    version: r.version,
    url: r.component?.projectUrl ?? '',
    statement: '',
    licenses: [],
  }
  const own = r.chosen ? facts.get(r.chosen.id) : undefined
  if (r.outcome.code === 'SUCCESS' && hasLicenseFacts(own)) return { ...base, ...summarise(own), outcome: SUCCESS }
  if (target === undefined || !r.component) return { ...base, outcome: r.outcome }
  const licensed = r.component.versions.filter((v) => hasLicenseFacts(facts.get(v.id)))
  const near = nearestVersion(target, licensed, schemeFor(r.component.type))
  if (!near) {
    if (r.outcome.code !== 'SUCCESS') return { ...base, outcome: r.outcome }
    return { ...base, outcome: { code: 'NO_INFO', message: `License info not found for ${r.purl}` } }
  }
  return {
    ...base,
    version: near.version,
    ...summarise(facts.get(near.id) as VersionLicenses),
    outcome: satisfies(r, near)
      ? SUCCESS
      : {
          code: 'REQUIREMENT_NOT_MET',
          message: `Version not found for requirement ${r.requirement}, nearest version found: ${near.version}`,
        },
  }
}

/** Whether the nearest version still satisfies the requirement in force (always true without one). */
function satisfies(r: Resolved, near: KnownVersion): boolean {
  return resolveVersion({ purl: r.purl, requirement: r.requirement }, [near]).outcome.code === 'SUCCESS'
}
