// What the endpoints read about known components: the catalog port (storage implements it, domain code uses it).
import type { LifecycleStatus } from '../kb/types.ts'
import { toggleV } from '../shared/requirement.ts'

/** The lookup key of a component: its purl type and purl_name (docs/api-behaviour.md "Requirement resolution"). */
export interface ComponentKey {
  type: string
  purlName: string
}

export interface KnownVersion {
  id: number
  version: string
  releasedAt: string | null
  status: LifecycleStatus
  statusRaw: string | null
  indexedAt: string
}

export interface KnownComponent {
  id: number
  /** Canonical purl without version. */
  purl: string
  type: string
  purlName: string
  name: string
  projectUrl: string
  sourcePurl: string | null
  latestVersion: string | null
  status: LifecycleStatus
  statusRaw: string | null
  statusChangeDate: string | null
  firstIndexedAt: string
  lastIndexedAt: string
  /** The versions read: every version the KB knows, or (when `partial`) only those an exact lookup asked for. */
  versions: KnownVersion[]
  partial?: boolean
}

/** A component with one exact version wanted (and its `v`-toggled twin, which matches too). */
export interface ExactKey extends ComponentKey {
  version: string
}

export interface CatalogReader {
  /** The components with these keys and all their versions, in one database round trip; absent keys are absent. */
  components(keys: readonly ComponentKey[]): Promise<Map<string, KnownComponent>>
  /**
   * The components with these keys, each with only the versions named for it (`v1.2.3` ⇄ `1.2.3` both match), in
   * one round trip: the cheap path for purls with an exact version (their components are `partial`). Optional: a
   * reader without it gets every lookup through `components`.
   */
  exact?(keys: readonly ExactKey[]): Promise<Map<string, KnownComponent>>
}

/** The registry's integrity strings (SRI, e.g. `sha512-…`) of versions, by version id: one read per batch. */
export interface IntegrityReader {
  integrityOf(versionIds: readonly number[]): Promise<Map<number, string>>
}

export function keyOf(k: ComponentKey): string {
  return `${k.type}\u0000${k.purlName}`
}

/** Each component's versions by version string, made on its first lookup by name (components have thousands). */
const byVersion = new WeakMap<KnownComponent, Map<string, KnownVersion[]>>()

/** The versions of a component named `version` or its `v`-toggled twin (`v1.2.3` ⇄ `1.2.3`), in the given order. */
export function versionsNamed(c: KnownComponent, version: string): KnownVersion[] {
  let index = byVersion.get(c)
  if (!index) {
    index = new Map()
    for (const v of c.versions) {
      const same = index.get(v.version)
      if (same) same.push(v)
      else index.set(v.version, [v])
    }
    byVersion.set(c, index)
  }
  return [...(index.get(version) ?? []), ...(index.get(toggleV(version)) ?? [])]
}
