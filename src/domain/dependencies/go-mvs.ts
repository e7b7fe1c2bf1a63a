// Minimal version selection (go.dev/ref/mod#minimal-version-selection): from the main module's requirements, every
// module version reachable through the requirement graph is visited, and the build list holds, for each module path,
// the highest version required anywhere. The main module's go.mod alone may `replace` and `exclude` (a dependency's
// are ignored, as the go command ignores them): a replaced module version's requirements are those of its
// replacement (a local folder's are unknown), and a requirement of an excluded version is ignored (Go 1.16 and
// later). The graph is read one level at a time (one batch per level: the KB's stored requirements).
import { schemeFor } from '../shared/versions/index.ts'
import type { GoMod } from './go-mod.ts'

export interface ModuleVersion {
  path: string
  version: string
}

/** The requirements of these module versions; a version absent from the answer is one whose go.mod is unknown. */
export type RequirementsOf = (versions: readonly ModuleVersion[]) => Promise<Map<string, ModuleVersion[]>>

export interface BuildList {
  /** Each module path's selected version, in path order (the main module excluded). */
  selected: ModuleVersion[]
  /** The version that first required each selected module (as path@version; the main module as its path). */
  requiredBy: Map<string, string>
  /** The module versions visited whose requirements are unknown (the graph below them not walked). */
  unknown: ModuleVersion[]
  /** The level at which each selected module was first required (1: by the main module). */
  depth: Map<string, number>
  /** Whether the walk stopped at its bounds (`maxVersions` visited, `maxDepth` levels read). */
  truncated: boolean
}

export interface MvsBounds {
  maxVersions?: number
  /** Levels of the graph read (1: the main module's requirements only). */
  maxDepth?: number
}

const go = schemeFor('golang')
export const mvKey = (m: ModuleVersion) => `${m.path}@${m.version}`

/** The main module's replace and exclude directives applied to a version: what to read its requirements from. */
function replacementOf(main: Pick<GoMod, 'replace'>, m: ModuleVersion): ModuleVersion | 'local' | undefined {
  const exact = main.replace.find((r) => r.path === m.path && r.version === m.version)
  const any = exact ?? main.replace.find((r) => r.path === m.path && r.version === undefined)
  if (!any) return undefined
  return any.newVersion === undefined ? 'local' : { path: any.newPath, version: any.newVersion }
}

export async function minimalVersionSelection(
  main: Pick<GoMod, 'module' | 'require' | 'replace' | 'exclude'>,
  requirementsOf: RequirementsOf,
  { maxVersions = 10_000, maxDepth = Number.POSITIVE_INFINITY }: MvsBounds = {},
): Promise<BuildList> {
  const excluded = new Set(main.exclude.map(mvKey))
  const selected = new Map<string, string>()
  const requiredBy = new Map<string, string>()
  const depth = new Map<string, number>()
  let d = 1
  const visited = new Set<string>()
  const unknown: ModuleVersion[] = []
  const mainName = main.module ?? ''
  let truncated = false
  const require = (from: string, reqs: readonly ModuleVersion[], next: ModuleVersion[]) => {
    for (const r of reqs) {
      if (r.path === mainName || excluded.has(mvKey(r))) continue
      const have = selected.get(r.path)
      if (have === undefined || go.compare(r.version, have) > 0) {
        selected.set(r.path, r.version)
        requiredBy.set(r.path, from)
      }
      if (!depth.has(r.path)) depth.set(r.path, d)
      if (visited.has(mvKey(r))) continue
      if (visited.size >= maxVersions) {
        truncated = true
        continue
      }
      visited.add(mvKey(r))
      next.push({ path: r.path, version: r.version })
    }
  }
  let level: ModuleVersion[] = []
  require(mainName, main.require, level)
  while (level.length > 0) {
    if (d >= maxDepth) {
      truncated = true
      break
    }
    d++
    // each version's requirements read from its replacement's go.mod, if the main module replaces it
    const readFrom = new Map<string, ModuleVersion>()
    for (const m of level) {
      const r = replacementOf(main, m)
      if (r === 'local') unknown.push(m)
      else readFrom.set(mvKey(m), r ?? m)
    }
    const answers = await requirementsOf([...new Map([...readFrom.values()].map((m) => [mvKey(m), m])).values()])
    const next: ModuleVersion[] = []
    for (const m of level) {
      const source = readFrom.get(mvKey(m))
      if (!source) continue
      const reqs = answers.get(mvKey(source))
      if (reqs === undefined) unknown.push(m)
      else require(mvKey(m), reqs, next)
    }
    level = next
  }
  return {
    selected: [...selected]
      .map(([path, version]) => ({ path, version }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    requiredBy,
    depth,
    unknown,
    truncated,
  }
}
