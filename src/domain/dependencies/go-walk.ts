// Transitive dependencies of Go modules (docs/golang.md "Dependencies"): minimal version selection (go-mvs.ts) over the
// requirements the KB stored for each module version (its go.mod's require lines, as the golang source wrote them),
// the input modules at their versions as the main module's requirements. Each module is listed once, at its selected
// version: the highest any version in the graph requires, not the newest the KB knows. One catalog read and one
// dependency read per level. The main module's replace and exclude directives apply when the input is a go.mod (a
// project file); the KB's modules carry their requirements only (a dependency's replace is ignored by Go too).
import type { ComponentRef, Resolved } from '../catalog/resolve-batch.ts'
import { type CatalogReader, keyOf } from '../catalog/types.ts'
import { canonicalPurl, purlName } from '../shared/purl.ts'
import type { GoMod } from './go-mod.ts'
import { type ModuleVersion, minimalVersionSelection, mvKey } from './go-mvs.ts'
import type { DependencyReader } from './types.ts'

export interface GoWalkResult {
  dependencies: { purl: string; version: string; requirement: string; depth: number; dependent: string }[]
  missing: ComponentRef[]
  truncated: boolean
}

const modulePurl = (path: string) => {
  const cut = path.lastIndexOf('/')
  return canonicalPurl({
    type: 'golang',
    ...(cut > 0 ? { namespace: path.slice(0, cut) } : {}),
    name: path.slice(cut + 1),
  })
}

/** The requirements of module versions the KB knows, read one level at a time. */
function kbRequirements(catalog: CatalogReader, dependencies: DependencyReader) {
  return async (versions: readonly ModuleVersion[]) => {
    const keys = [...new Set(versions.map((v) => v.path))].map((p) => ({
      type: 'golang',
      purlName: purlName({ type: 'golang', name: p }),
    }))
    const found = await catalog.components(keys)
    const ids = new Map<number, string>()
    for (const v of versions) {
      const c = found.get(keyOf({ type: 'golang', purlName: purlName({ type: 'golang', name: v.path }) }))
      const known = c?.versions.find((k) => k.version === v.version)
      if (known) ids.set(known.id, mvKey(v))
    }
    const declared = await dependencies.ofVersions([...ids.keys()], ['runtime'])
    const out = new Map<string, ModuleVersion[]>()
    for (const [id, key] of ids)
      out.set(
        key,
        (declared.get(id) ?? []).map((d) => ({ path: d.name, version: d.requirement })),
      )
    return out
  }
}

/** The build list of these input modules (resolved to versions) and, when given, a go.mod's replace and exclude. */
export async function goBuildList(
  roots: readonly Resolved[],
  ports: { catalog: CatalogReader; dependencies: DependencyReader },
  bounds: { depth: number; limit: number },
  main: Pick<GoMod, 'replace' | 'exclude'> = { replace: [], exclude: [] },
): Promise<GoWalkResult> {
  const require = roots.flatMap((r) =>
    r.component && r.chosen ? [{ path: moduleOf(r.component), version: r.chosen.version, indirect: false }] : [],
  )
  const inputs = new Set(require.map(mvKey))
  const list = await minimalVersionSelection(
    { module: undefined, require, ...main },
    kbRequirements(ports.catalog, ports.dependencies),
    // the inputs are level 1 of the graph; their requirements depth 1 of the answer
    { maxDepth: bounds.depth + 1, maxVersions: bounds.limit * 10 },
  )
  const selected = list.selected.filter((m) => !inputs.has(mvKey(m)))
  const dependencies = selected.slice(0, bounds.limit).map((m) => ({
    purl: modulePurl(m.path),
    version: m.version,
    requirement: m.version,
    depth: (list.depth.get(m.path) ?? 1) - 1,
    dependent: dependentOf(list.requiredBy.get(m.path) ?? ''),
  }))
  const known = new Set(list.unknown.map(mvKey))
  const missing = selected
    .filter((m) => known.has(mvKey(m)))
    .map((m) => ({ purl: modulePurl(m.path), requirement: m.version }))
  return { dependencies, missing, truncated: list.truncated || selected.length > bounds.limit }
}

/** A module's path: the component's namespace and name as its purl spells them (case kept). */
function moduleOf(c: { purl: string }): string {
  return decodeURIComponent(c.purl.replace(/^pkg:golang\//, ''))
}

/** `path@version` as purl@version. */
function dependentOf(key: string): string {
  const at = key.lastIndexOf('@')
  return at > 0 ? `${modulePurl(key.slice(0, at))}@${key.slice(at + 1)}` : key
}
