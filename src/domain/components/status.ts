// Lifecycle status of components and versions (docs/api-behaviour.md "Component status"): the mapped status beside the
// registry's own word, with indexing and change dates. A malicious-package report (an OSV `MAL-…` advisory) makes
// the status `malicious`, for the versions it names or, when it names every version, for the component.
import { type ComponentRef, exactVersionOf, type Resolved, resolveBatch } from '../catalog/resolve-batch.ts'
import { type CatalogReader, keyOf } from '../catalog/types.ts'
import { componentNames } from '../shared/component-name.ts'
import type { Outcome } from '../shared/outcome.ts'
import { purlName } from '../shared/purl.ts'
import { schemeFor } from '../shared/versions/index.ts'
import { affectsEveryVersion, isAffected } from '../vulnerabilities/osv-match.ts'
import type { AdvisoryReader, PackageAdvisory } from '../vulnerabilities/types.ts'

interface VersionStatus {
  version: string
  status: string
  repositoryStatus: string
  indexedDate: string
  statusChangeDate: string
  outcome?: Outcome
}

interface ComponentStatusPart {
  status: string
  repositoryStatus: string
  firstIndexedDate: string
  lastIndexedDate: string
  statusChangeDate: string
}

export interface ComponentStatus {
  purl: string
  name: string
  requirement: string
  versionStatus?: VersionStatus
  /** The component's status, or only an outcome when the component cannot be identified. */
  componentStatus: ComponentStatusPart | { outcome: Outcome }
}

export async function componentStatuses(
  refs: readonly ComponentRef[],
  ports: { catalog: CatalogReader; advisories: AdvisoryReader },
): Promise<ComponentStatus[]> {
  const resolved = await resolveBatch(refs, ports.catalog)
  const keys = resolved.flatMap((r) => (r.parsed ? [{ type: r.parsed.type, purlName: purlName(r.parsed) }] : []))
  const advised = keys.length > 0 ? await ports.advisories.forPackages(keys) : new Map<string, PackageAdvisory[]>()
  return resolved.map((r, i) => {
    const ref = refs[i] as ComponentRef
    const key = r.parsed ? keyOf({ type: r.parsed.type, purlName: purlName(r.parsed) }) : ''
    const malware = (advised.get(key) ?? []).filter((a) => a.advisory.id.startsWith('MAL-'))
    return withMalware(toStatus(r, ref), r, ref, malware)
  })
}

function toStatus(r: Resolved, ref: ComponentRef): ComponentStatus {
  // the purl and requirement are echoed as requested (docs/components.md "Status")
  const base = { purl: ref.purl, requirement: ref.requirement ?? '' }
  const c = r.component
  if (!c) return { ...base, name: '', componentStatus: { outcome: r.outcome } }
  const componentStatus: ComponentStatusPart = {
    status: c.status,
    repositoryStatus: c.statusRaw ?? '',
    firstIndexedDate: c.firstIndexedAt,
    lastIndexedDate: c.lastIndexedAt,
    statusChangeDate: c.statusChangeDate ?? '',
  }
  const v = r.chosen
  const versionStatus: VersionStatus = v
    ? {
        version: v.version,
        status: v.status,
        repositoryStatus: v.statusRaw ?? '',
        indexedDate: v.indexedAt,
        statusChangeDate: '',
      }
    : { ...unknownVersion(r.requirement), outcome: r.outcome }
  return { ...base, name: componentNames(c.purl).component, versionStatus, componentStatus }
}

/** Marks what the malware reports name; a package the KB never indexed is still reported when one names it. */
function withMalware(s: ComponentStatus, r: Resolved, ref: ComponentRef, malware: PackageAdvisory[]): ComponentStatus {
  if (malware.length === 0 || !r.parsed) return s
  const since = malware.map((m) => m.advisory.published ?? m.advisory.modified).sort()[0] ?? ''
  const out: ComponentStatus = { ...s }
  if (malware.some((m) => affectsEveryVersion(m.affected))) {
    const known = 'outcome' in s.componentStatus ? undefined : s.componentStatus
    out.name = s.name || componentNames(r.parsed).component
    out.componentStatus = {
      status: 'malicious',
      repositoryStatus: known?.repositoryStatus ?? '',
      firstIndexedDate: known?.firstIndexedDate ?? '',
      lastIndexedDate: known?.lastIndexedDate ?? '',
      statusChangeDate: since,
    }
  }
  const version = r.chosen?.version ?? exactVersionOf(ref, r.parsed.type)
  const scheme = schemeFor(r.parsed.type)
  if (version !== undefined && malware.some((m) => isAffected(version, m.affected, scheme))) {
    const v = s.versionStatus?.outcome === undefined ? s.versionStatus : undefined
    out.versionStatus = { ...(v ?? unknownVersion(version)), version, status: 'malicious', statusChangeDate: since }
  }
  return out
}

function unknownVersion(version: string): VersionStatus {
  return { version, status: '', repositoryStatus: '', indexedDate: '', statusChangeDate: '' }
}
