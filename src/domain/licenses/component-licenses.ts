// The licenses of a batch of component references (docs/licenses.md "License result"), in
// request order, with a constant number of reads per batch: one catalog read, one license read for the resolved
// versions, and at most two more for the fallback of every item together (the licensed versions of their
// components, then the facts of the nearest ones).
import { type ComponentRef, type Resolved, resolveBatch } from '../catalog/resolve-batch.ts'
import type { CatalogReader } from '../catalog/types.ts'
import type { Outcome } from '../shared/outcome.ts'
import { SUCCESS } from '../shared/outcome.ts'
import { resolveVersion } from '../shared/requirement.ts'
import { schemeFor } from '../shared/versions/index.ts'
import { nearestVersion } from './nearest-version.ts'
import type { LicenseEntry } from './spdx.ts'
import { hasLicenseFacts, summarise } from './summary.ts'
import type { LicensedVersion, LicenseReader, VersionLicenses } from './types.ts'

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
  const resolved = await resolveBatch(refs, ports.catalog)
  const chosen = resolved.flatMap((r) => (r.outcome.code === 'SUCCESS' && r.chosen ? [r.chosen.id] : []))
  const facts: Facts = chosen.length > 0 ? await ports.licenses.ofVersions(chosen) : new Map()
  const targets = resolved.map((r) => fallbackTarget(r, facts))
  // the fallback looks at the licensed versions of its component, and then at the facts of the nearest one
  const fallbackComponents = new Set<number>()
  resolved.forEach((r, i) => {
    if (targets[i] !== undefined && r.component) fallbackComponents.add(r.component.id)
  })
  const licensed =
    fallbackComponents.size > 0 ? await ports.licenses.licensedVersions([...fallbackComponents]) : new Map()
  const nearest = resolved.map((r, i) => nearestLicensed(r, targets[i], licensed))
  const missing = [...new Set(nearest.flatMap((n) => (n && !facts.has(n.id) ? [n.id] : [])))]
  if (missing.length > 0) for (const [id, v] of await ports.licenses.ofVersions(missing)) facts.set(id, v)
  return resolved.map((r, i) => answer(r, nearest[i], facts))
}

/** The licensed version nearest to the item's fallback target, if it needs one and there is one. */
function nearestLicensed(r: Resolved, target: string | undefined, licensed: Map<number, LicensedVersion[]>) {
  if (target === undefined || !r.component) return undefined
  return nearestVersion(target, licensed.get(r.component.id) ?? [], schemeFor(r.component.type))
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

function answer(r: Resolved, nearest: LicensedVersion | undefined, facts: Facts): LicenseResult {
  const base = {
    ...r.sent, // purl and requirement echoed as sent (docs/api-behaviour.md "Wire conventions")
    version: r.version,
    url: r.component?.projectUrl ?? '',
    statement: '',
    licenses: [],
  }
  const own = r.chosen ? facts.get(r.chosen.id) : undefined
  if (r.outcome.code === 'SUCCESS' && hasLicenseFacts(own)) return { ...base, ...summarise(own), outcome: SUCCESS }
  if (!nearest) {
    if (r.outcome.code !== 'SUCCESS') return { ...base, outcome: r.outcome }
    return { ...base, outcome: { code: 'NO_INFO', message: `License info not found for ${r.purl}` } }
  }
  return {
    ...base,
    version: nearest.version,
    ...summarise(facts.get(nearest.id) as VersionLicenses),
    outcome: satisfies(r, nearest)
      ? SUCCESS
      : {
          code: 'REQUIREMENT_NOT_MET',
          message: `Version not found for requirement ${r.requirement}, nearest version found: ${nearest.version}`,
        },
  }
}

/** Whether the nearest version still satisfies the requirement in force (always true without one). */
function satisfies(r: Resolved, near: LicensedVersion): boolean {
  return resolveVersion({ purl: r.purl, requirement: r.requirement }, [near]).outcome.code === 'SUCCESS'
}
