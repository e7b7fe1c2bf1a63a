// An in-memory KB for the transitive walk's tests (transitive.test.ts, transitive-walk.test.ts): npm packages with
// their versions' declared dependencies per scope, and ports that count their reads.
import { knownComponent, knownVersion, memoryCatalog } from '../catalog/memory-catalog.test-helper.ts'
import type { KnownComponent } from '../catalog/types.ts'
import type { DependencyScope, LifecycleStatus } from '../kb/types.ts'
import type { DeclaredDependency, DependencyReader } from './types.ts'

type Deps = Record<string, string>
interface FakeVersion {
  deps?: Deps
  optional?: Deps
  peer?: Deps
  dev?: Deps
  status?: LifecycleStatus
}
export type FakeKb = Record<string, { latest?: string; versions: Record<string, FakeVersion> }>
export function fakePorts(kb: FakeKb) {
  const calls = { catalog: 0, exact: 0, dependencies: 0, versionsAsked: 0 }
  const components: KnownComponent[] = []
  const declared = new Map<number, DeclaredDependency[]>()
  let id = 0
  for (const [name, pkg] of Object.entries(kb)) {
    const versions = Object.entries(pkg.versions).map(([version, v]) => {
      const vid = ++id
      const scoped: [DependencyScope, Deps | undefined][] = [
        ['runtime', v.deps],
        ['optional', v.optional],
        ['peer', v.peer],
        ['dev', v.dev],
      ]
      declared.set(
        vid,
        scoped.flatMap(([scope, d]) =>
          Object.entries(d ?? {}).map(([n, requirement]) => ({ name: n, scope, requirement })),
        ),
      )
      return knownVersion(vid, version, { status: v.status ?? 'active' })
    })
    const latest = pkg.latest ?? Object.keys(pkg.versions).at(-1) ?? null
    components.push(knownComponent(name, versions, { id: ++id, latestVersion: latest }))
  }
  const catalog = memoryCatalog(components, { counts: calls })
  const dependencies: DependencyReader = {
    async ofVersions(ids, scopes) {
      calls.dependencies++
      calls.versionsAsked += ids.length
      const out = new Map<number, DeclaredDependency[]>()
      for (const vid of ids) {
        const list = (declared.get(vid) ?? []).filter((d) => scopes.includes(d.scope))
        if (list.length > 0)
          out.set(
            vid,
            list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
          )
      }
      return out
    },
  }
  return { catalog, dependencies, calls }
}

export const graph: FakeKb = {
  app: {
    versions: {
      '1.0.0': {
        deps: {
          lib: '^1.0.0',
          util: '~2.1.0',
          missing: '^1.0.0',
          gitdep: 'git+https://x.invalid/g.git',
          alias: 'npm:util@^2.2.0',
        },
        optional: { opt: '*' },
        dev: { devdep: '^1.0.0' },
        peer: { peerdep: '>=1' },
      },
    },
  },
  lib: {
    latest: '2.0.0',
    versions: {
      '1.2.0': { deps: { util: '^2.0.0', app: '^1.0.0', missing: '^1.0.0' } },
      '1.3.0': { status: 'deprecated' },
      '2.0.0': { deps: { util: '2.2.0' } },
    },
  },
  util: { latest: '2.2.0', versions: { '2.1.0': {}, '2.1.5': { deps: { deep: '^1.0.0' } }, '2.2.0': {} } },
  deep: { versions: { '1.0.0': { deps: { deeper: '1.0.0', missing: '^2.0.0' } } } },
  deeper: { versions: { '1.0.0': {} } },
  opt: { versions: { '1.0.0': {} } },
  devdep: { versions: { '1.0.0': {} } },
  peerdep: { versions: { '1.0.0': {} } },
}

export const chain: FakeKb = Object.fromEntries(
  Array.from({ length: 14 }, (_, i) => [
    `c${String(i).padStart(2, '0')}`,
    { versions: { '1.0.0': i < 13 ? { deps: { [`c${String(i + 1).padStart(2, '0')}`]: '^1.0.0' } } : {} } },
  ]),
)
