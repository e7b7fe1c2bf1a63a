// Resolves a batch of component references (purl + requirement) against the catalog with a constant number of
// catalog reads for the whole batch (at most two: exact versions, and full version lists for the rest), then the
// shared requirement resolver per item (docs/requirements.md).
import { purlName, splitVersion, tryParsePurl } from '../shared/purl.ts'
import { type Resolution, resolveVersion, tryParseRequirement } from '../shared/requirement.ts'
import { schemeFor } from '../shared/versions/index.ts'
import {
  type CatalogReader,
  type ComponentKey,
  type ExactKey,
  type KnownComponent,
  type KnownVersion,
  keyOf,
  versionsNamed,
} from './types.ts'

export interface ComponentRef {
  purl: string
  requirement?: string | undefined
}

export interface Resolved extends Resolution<KnownVersion> {
  /** The component when the KB knows it (also on VERSION_NOT_FOUND and INVALID_SEMVER); maybe `partial`. */
  component?: KnownComponent
}

export async function resolveBatch(refs: readonly ComponentRef[], catalog: CatalogReader): Promise<Resolved[]> {
  const full = new Map<string, ComponentKey>()
  const exact = new Map<string, ExactKey>()
  const items = refs.map((ref) => {
    const { purl, version } = splitVersion(ref.purl ?? '')
    const parsed = tryParsePurl(purl)
    if (!parsed) return undefined
    const key = { type: parsed.type, purlName: purlName(parsed) }
    const k = keyOf(key)
    const wanted = version ?? exactRequirement(ref.requirement, parsed.type)
    // a version with a NUL is in no KB (PostgreSQL cannot even bind it): the full list answers VERSION_NOT_FOUND
    if (wanted !== undefined && !wanted.includes('\u0000') && catalog.exact)
      exact.set(`${k}\u0000${wanted}`, { ...key, version: wanted })
    else full.set(k, key)
    return { k, parsed, wanted }
  })
  const [partial, complete] = await Promise.all([
    exact.size > 0 && catalog.exact ? catalog.exact([...exact.values()]) : new Map<string, KnownComponent>(),
    full.size > 0 ? catalog.components([...full.values()]) : new Map<string, KnownComponent>(),
  ])
  return refs.map((ref, i) => {
    const item = items[i]
    const component = item === undefined ? undefined : (complete.get(item.k) ?? partial.get(item.k))
    const resolution = resolveVersion(ref, ownVersions(component, item?.wanted), undefined, item?.parsed, true)
    return component ? { ...resolution, component } : resolution
  })
}

/**
 * The versions a reference resolves among: all of them, or for a partial component (an exact lookup) those named
 * like the reference's own version, since the component holds every version the batch named (a batch may name
 * hundreds of versions of one component, and comparing each with every other costs more than the lookup).
 */
function ownVersions(component: KnownComponent | undefined, wanted: string | undefined): KnownVersion[] | undefined {
  if (!component?.partial || wanted === undefined) return component?.versions
  return versionsNamed(component, wanted)
}

/** The exact version a reference names, in its purl (`@1.2.3`) or as an exact requirement, if it names one. */
export function exactVersionOf(ref: ComponentRef, type: string): string | undefined {
  return splitVersion(ref.purl ?? '').version ?? exactRequirement(ref.requirement, type)
}

/** The version an exact requirement names (`1.2.3`, `=1.2.3`, `v1.2.3`), if it is one. */
function exactRequirement(requirement: string | undefined, type: string): string | undefined {
  if (!requirement) return undefined
  const req = tryParseRequirement(requirement, schemeFor(type))
  return req?.kind === 'exact' ? req.version : undefined
}

/**
 * Gives the chosen items their component's full version list where an exact lookup read only some (one catalog
 * read for all of them): for answers that look beyond the version asked for, such as the nearest licensed version.
 */
export async function withAllVersions(
  resolved: readonly Resolved[],
  wanted: (r: Resolved, i: number) => boolean,
  catalog: CatalogReader,
): Promise<Resolved[]> {
  const keys = new Map<string, ComponentKey>()
  resolved.forEach((r, i) => {
    if (r.component?.partial && wanted(r, i)) keys.set(keyOf(r.component), r.component)
  })
  if (keys.size === 0) return [...resolved]
  const found = await catalog.components([...keys.values()])
  return resolved.map((r, i) => {
    const c = r.component?.partial && wanted(r, i) ? found.get(keyOf(r.component)) : undefined
    return c ? { ...r, component: c } : r
  })
}
