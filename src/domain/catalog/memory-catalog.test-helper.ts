// The catalog port in memory, for the domain's unit tests: builders of made-up (FIXTURE) known components and versions,
// and a CatalogReader over a list of them that counts its reads. Not a test file (scripts/test.sh runs *.test.ts);
// the layout rule is in docs/architecture.md "Tests".
import type { CatalogReader, ExactKey, KnownComponent, KnownVersion } from './types.ts'
import { keyOf } from './types.ts'

/** A known version: active, undated, empty index date, unless `over` says otherwise. */
export function knownVersion(id: number, version: string, over: Partial<KnownVersion> = {}): KnownVersion {
  return { id, version, releasedAt: null, status: 'active', statusRaw: null, indexedAt: '', ...over }
}

/**
 * An npm component named `name` (a leading `@` encoded as `%40` in its purl), active, with these versions, no project
 * URL, no latest version and empty index dates, unless `over` says otherwise.
 */
export function knownComponent(name: string, versions: KnownVersion[], over: Partial<KnownComponent> = {}) {
  const component: KnownComponent = {
    ...{ id: 1, purl: `pkg:npm/${name.replace(/^@/, '%40')}`, type: 'npm', purlName: name, name, projectUrl: '' },
    ...{ sourcePurl: null, latestVersion: null, status: 'active', statusRaw: null, statusChangeDate: null },
    ...{ firstIndexedAt: '', lastIndexedAt: '', versions },
  }
  return { ...component, ...over }
}

interface MemoryCatalogOptions {
  /** Offer the exact-version fast path (`exact`); default true. Without it every lookup is a full read. */
  exact?: boolean
  /** Incremented on every read: `catalog` for a full read, `exact` for an exact one. */
  counts?: { catalog: number; exact: number }
  /** Called with the keys of every exact read. */
  onExact?: (keys: readonly ExactKey[]) => void
}

/**
 * A CatalogReader over `known`, keyed by type and purl_name. The exact read returns a component `partial`, with only
 * the versions asked for (`v1.2.3` and `1.2.3` match each other), as the storage adapters do.
 */
export function memoryCatalog(known: Iterable<KnownComponent>, options: MemoryCatalogOptions = {}): CatalogReader {
  const byKey = new Map([...known].map((c) => [keyOf(c), c]))
  const catalog: CatalogReader = {
    async components(keys) {
      if (options.counts) options.counts.catalog++
      return new Map(
        keys.flatMap((k) => {
          const c = byKey.get(keyOf(k))
          return c ? [[keyOf(k), c] as const] : []
        }),
      )
    },
  }
  if (options.exact === false) return catalog
  catalog.exact = async (keys) => {
    if (options.counts) options.counts.exact++
    options.onExact?.(keys)
    const out = new Map<string, KnownComponent>()
    for (const k of keys) {
      const c = byKey.get(keyOf(k))
      if (!c) continue
      const want = new Set([k.version, k.version.startsWith('v') ? k.version.slice(1) : `v${k.version}`])
      const versions = [...(out.get(keyOf(k))?.versions ?? []), ...c.versions.filter((v) => want.has(v.version))]
      out.set(keyOf(k), { ...c, partial: true, versions })
    }
    return out
  }
  return catalog
}
