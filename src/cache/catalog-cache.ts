// The catalog cache (docs/caching.md "Catalog cache"): the components a batch resolves against, kept in process
// between requests, since resolving re-reads the same popular components (and their many versions) all the time: a
// transitive walk reads @types/node at every level of every request. Entries follow the KB change log like cached
// answers do (change-tracker.ts), and every lookup first catches up with the log (one small query), so a cached
// component is exactly as fresh as a read of the KB: a package an on-demand fetch has just written is seen by the
// request that waited for it. Components are kept whole (every version) and, for exact lookups, per version asked;
// components the KB lacks are not kept. Cached objects are frozen: they are shared by every request.

import type { CatalogReader, ComponentKey, ExactKey, KnownComponent, KnownVersion } from '../domain/catalog/types.ts'
import { keyOf, versionsNamed } from '../domain/catalog/types.ts'
import { componentTag } from '../domain/kb/changes.ts'
import { breathe } from '../domain/shared/breathe.ts'
import type { ChangeTracker } from './change-tracker.ts'
import { Lru } from './lru.ts'

interface Entry {
  component: KnownComponent
  watermark: number
  tags: string[]
}

/** Lookups answered from memory between two chances for other requests to run (domain/shared/breathe.ts). */
const KEYS_PER_STEP = 256
/** Rough bytes of a component and of each version it holds, for the LRU's bound. */
const COMPONENT_BYTES = 400
const VERSION_BYTES = 160

export class CachedCatalog implements Required<CatalogReader> {
  private readonly lru: Lru<Entry>

  constructor(
    private readonly inner: Required<CatalogReader>,
    private readonly tracker: ChangeTracker,
    private readonly opts: { maxBytes: number; ttlMs: number },
  ) {
    this.lru = new Lru(Number.MAX_SAFE_INTEGER, opts.maxBytes)
  }

  async components(keys: readonly ComponentKey[]): Promise<Map<string, KnownComponent>> {
    if (!(await this.caughtUp())) return this.inner.components(keys)
    const out = new Map<string, KnownComponent>()
    const missing: ComponentKey[] = []
    for (const [i, key] of keys.entries()) {
      if (i % KEYS_PER_STEP === KEYS_PER_STEP - 1) await breathe()
      const k = keyOf(key)
      const hit = this.fresh(`c:${k}`)
      if (hit) out.set(k, hit)
      else missing.push(key)
    }
    if (missing.length === 0) return out
    const watermark = this.tracker.watermark
    for (const [k, c] of await this.inner.components(missing)) out.set(k, this.keep(`c:${k}`, c, watermark))
    return out
  }

  async exact(keys: readonly ExactKey[]): Promise<Map<string, KnownComponent>> {
    if (!(await this.caughtUp())) return this.inner.exact(keys)
    const out = new Merged()
    const missing: ExactKey[] = []
    for (const [i, key] of keys.entries()) {
      if (i % KEYS_PER_STEP === KEYS_PER_STEP - 1) await breathe()
      const hit = this.fresh(exactKey(key)) ?? narrowed(this.fresh(`c:${keyOf(key)}`), key.version)
      if (hit) out.add(keyOf(key), hit)
      else missing.push(key)
    }
    if (missing.length > 0) {
      const watermark = this.tracker.watermark
      const read = await this.inner.exact(missing)
      for (const key of missing) {
        const found = narrowed(read.get(keyOf(key)), key.version)
        if (found) out.add(keyOf(key), this.keep(exactKey(key), found, watermark))
      }
    }
    return out.components()
  }

  private async caughtUp(): Promise<boolean> {
    await this.tracker.catchUp()
    return this.tracker.ready
  }

  private fresh(key: string): KnownComponent | undefined {
    const e = this.lru.get(key)
    if (!e) return undefined
    if (this.tracker.isFresh(e)) return e.component
    this.lru.delete(key)
    return undefined
  }

  private keep(key: string, component: KnownComponent, watermark: number): KnownComponent {
    const frozen = freeze(component)
    const tags = [componentTag(component.purl) ?? '*']
    const bytes = COMPONENT_BYTES + VERSION_BYTES * component.versions.length
    this.lru.set(key, { component: frozen, watermark, tags }, bytes, this.opts.ttlMs)
    return frozen
  }
}

const exactKey = (key: ExactKey) => `e:${keyOf(key)}\u0000${key.version}`

/** The component with only the versions an exact lookup of `version` matches (`v1.2.3` ⇄ `1.2.3`). */
function narrowed(c: KnownComponent | undefined, version: string): KnownComponent | undefined {
  if (!c) return undefined
  return { ...c, versions: versionsNamed(c, version), partial: true }
}

/** A batch's partial components, each with the versions of every exact lookup of it (several may be asked). */
class Merged {
  private readonly byKey = new Map<string, { component: KnownComponent; versions: Map<number, KnownVersion> }>()

  add(k: string, c: KnownComponent): void {
    const have = this.byKey.get(k)
    if (!have) this.byKey.set(k, { component: c, versions: new Map(c.versions.map((v) => [v.id, v])) })
    else for (const v of c.versions) have.versions.set(v.id, v)
  }

  components(): Map<string, KnownComponent> {
    const out = new Map<string, KnownComponent>()
    for (const [k, { component, versions }] of this.byKey)
      out.set(
        k,
        versions.size === component.versions.length ? component : { ...component, versions: [...versions.values()] },
      )
    return out
  }
}

function freeze(c: KnownComponent): KnownComponent {
  for (const v of c.versions) Object.freeze(v)
  Object.freeze(c.versions)
  return Object.freeze(c)
}
