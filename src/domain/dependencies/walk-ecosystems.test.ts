// The transitive walk over PyPI and crates.io packages in memory (made-up packages, FIXTURE): each ecosystem's
// declared dependencies read by its own parser (pep508.ts, cargo-manifest.ts), markers and target tables
// evaluated for the default environment, extras followed, names normalised, the highest active version chosen.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import { parse } from 'smol-toml'
import { knownComponent, knownVersion, memoryCatalog } from '../catalog/memory-catalog.test-helper.ts'
import type { KnownComponent } from '../catalog/types.ts'
import type { Dependency, LifecycleStatus } from '../kb/types.ts'
import { effectivePomSync } from '../maven/effective-pom.ts'
import { canonicalPurl, purlName } from '../shared/purl.ts'
import { type FeatureTable, featureTable } from './cargo-features.ts'
import { cargoDependencies } from './cargo-manifest.ts'
import { mavenDependencies, mavenManaged } from './maven-dependencies.ts'
import { pep508Dependencies } from './pep508.ts'
import { transitiveDependencies } from './transitive.ts'
import type { DeclaredDependency, DependencyReader } from './types.ts'

type Pkg = Record<
  string,
  { status?: LifecycleStatus; deps?: Dependency[]; features?: FeatureTable; managed?: Record<string, string> }
>

function ports(type: 'pypi' | 'cargo' | 'maven', kb: Record<string, Pkg>) {
  const declared = new Map<number, DeclaredDependency[]>()
  const features = new Map<number, FeatureTable>()
  const managed = new Map<number, ReadonlyMap<string, string>>()
  const components: KnownComponent[] = []
  let id = 0
  for (const [name, versions] of Object.entries(kb)) {
    const known = Object.entries(versions).map(([version, v]) => {
      declared.set(++id, v.deps ?? [])
      if (v.features) features.set(id, v.features)
      if (v.managed) managed.set(id, new Map(Object.entries(v.managed)))
      return knownVersion(id, version, { status: v.status ?? 'active' })
    })
    const [namespace, artifact] = type === 'maven' ? (name.split(':') as [string, string]) : [undefined, name]
    const p = { type, ...(namespace ? { namespace } : {}), name: artifact }
    components.push(knownComponent(name, known, { id: ++id, type, purl: canonicalPurl(p), purlName: purlName(p) }))
  }
  const dependencies: DependencyReader = {
    // as the SQL reader: declaration order where recorded, else name order
    async ofVersions(ids, scopes) {
      const at = (d: DeclaredDependency) => d.position ?? Number.MAX_SAFE_INTEGER
      const order = (a: DeclaredDependency, b: DeclaredDependency) =>
        at(a) - at(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
      return new Map(ids.map((i) => [i, (declared.get(i) ?? []).filter((d) => scopes.includes(d.scope)).sort(order)]))
    },
    async featuresOf(ids) {
      return new Map(ids.flatMap((i) => (features.has(i) ? [[i, features.get(i) as FeatureTable]] : [])))
    },
    async managedOf(ids) {
      return new Map(ids.flatMap((i) => (managed.has(i) ? [[i, managed.get(i) as ReadonlyMap<string, string>]] : [])))
    },
  }
  return { catalog: memoryCatalog(components), dependencies }
}

const rows = (deps: { purl: string; version: string; requirement: string; depth: number }[]) =>
  deps.map((d) => [d.purl, d.version, d.requirement, d.depth])

test('PyPI: markers for CPython 3.11 on Linux, extras, URLs, yanked and pre-release versions', async () => {
  const kb: Record<string, Pkg> = {
    app: {
      '1.0': {
        deps: pep508Dependencies([
          'requests[socks]>=2.0',
          'colorama; sys_platform == "win32"',
          'tomli>=1.1; python_version < "3.11"',
          'typing_extensions>=4; python_version >= "3.8"',
          'local-thing @ file:///wheels/local_thing-1.0-py3-none-any.whl',
          'Missing.Pkg>=1',
          'requests-toolbelt; extra == "tools"',
        ]),
      },
    },
    requests: {
      '2.30.0': {},
      '2.31.0': {
        deps: pep508Dependencies([
          'urllib3 (<3,>=1.21.1)',
          "PySocks (!=1.5.7,>=1.5.6) ; extra == 'socks'",
          "chardet (<6,>=3.0.2) ; extra == 'use_chardet_on_py3'",
        ]),
      },
      '2.32.0': { status: 'deprecated' }, // yanked
      '3.0.0a1': {},
    },
    urllib3: { '1.26.18': {}, '2.0.7': {}, '3.0.0': {} },
    pysocks: { '1.5.7': {}, '1.7.1': {} },
    chardet: { '5.0.0': {} },
    colorama: { '0.4.6': {} },
    tomli: { '2.0.1': {} },
    'typing-extensions': { '4.8.0': {}, '4.9.0rc1': {} },
    pinned: { '1.0': { deps: pep508Dependencies(['requests==2.32.0', 'urllib3==3.0.0a9']) } },
  }
  const r = await transitiveDependencies({ components: [{ purl: 'pkg:pypi/App@1.0' }] }, ports('pypi', kb))
  assert.ok(r.ok, JSON.stringify(r))
  assert.deepEqual(rows(r.dependencies), [
    ['pkg:pypi/local-thing', '', '@ file:///wheels/local_thing-1.0-py3-none-any.whl', 1],
    ['pkg:pypi/missing-pkg', '', '>=1', 1],
    ['pkg:pypi/requests', '2.31.0', '[socks]>=2.0', 1],
    ['pkg:pypi/typing-extensions', '4.8.0', '>=4; python_version >= "3.8"', 1],
    ['pkg:pypi/pysocks', '1.7.1', "(!=1.5.7,>=1.5.6) ; extra == 'socks'", 2],
    ['pkg:pypi/urllib3', '2.0.7', '(<3,>=1.21.1)', 2],
  ])
  assert.deepEqual(r.missing, [{ purl: 'pkg:pypi/missing-pkg', requirement: '>=1' }])
  // a yanked version is installed when pinned exactly (PEP 592); a pin of an unknown pre-release resolves to nothing
  const pinned = await transitiveDependencies(
    { components: [{ purl: 'pkg:pypi/pinned' }], depth: 1 },
    ports('pypi', kb),
  )
  assert.ok(pinned.ok)
  assert.deepEqual(rows(pinned.dependencies), [
    ['pkg:pypi/requests', '2.32.0', '==2.32.0', 1],
    ['pkg:pypi/urllib3', '', '==3.0.0a9', 1],
  ])
})

test('crates.io: caret by default, optional and dev not followed, target tables, names -/_ and case-insensitive', async () => {
  const kb: Record<string, Pkg> = {
    app: {
      '0.1.0': {
        deps: cargoDependencies({
          dependencies: {
            serde: { version: '1.0', features: ['derive'] },
            serde_json: '1',
            rand: { version: '0.8', optional: true },
            mylib: { git: 'https://example.invalid/mylib.git' },
            Inflector: '0.11',
            anything: '*',
          },
          'dev-dependencies': { tempfile: '3' },
          target: {
            'cfg(windows)': { dependencies: { winapi: '0.3' } },
            'cfg(unix)': { dependencies: { libc: '0.2' } },
          },
        }),
      },
    },
    serde: { '1.0.100': {}, '1.0.190': {}, '1.1.0-beta.1': {}, '2.0.0': {}, '1.2.0': { status: 'deprecated' } },
    serde_json: { '1.0.108': { deps: cargoDependencies({ dependencies: { Serde: '1.0.100' } }) } },
    libc: { '0.2.150': {}, '0.3.0': {} },
    anything: { '0.9.0': {}, '1.0.0-rc.1': {} },
    rand: { '0.8.5': {} },
    winapi: { '0.3.9': {} },
    tempfile: { '3.8.0': {} },
  }
  const r = await transitiveDependencies({ components: [{ purl: 'pkg:cargo/App' }] }, ports('cargo', kb))
  assert.ok(r.ok, JSON.stringify(r))
  assert.deepEqual(rows(r.dependencies), [
    ['pkg:cargo/Inflector', '', '0.11', 1],
    ['pkg:cargo/anything', '0.9.0', '*', 1],
    ['pkg:cargo/libc', '0.2.150', '0.2; cfg(unix)', 1],
    ['pkg:cargo/mylib', '', 'git+https://example.invalid/mylib.git', 1],
    ['pkg:cargo/serde', '1.0.190', '1.0', 1],
    ['pkg:cargo/serde_json', '1.0.108', '1', 1],
  ])
  // serde_json names `Serde`: the same crate, already listed
  const json = await transitiveDependencies({ components: [{ purl: 'pkg:cargo/Serde-JSON' }] }, ports('cargo', kb))
  assert.ok(json.ok)
  assert.deepEqual(rows(json.dependencies), [['pkg:cargo/serde', '1.0.190', '1.0.100', 1]])
})

test('PyPI: an input asks extras (`requests[socks]>=2`, `[socks]`); a version reached again with more extras brings them', async () => {
  const kb: Record<string, Pkg> = {
    requests: {
      '2.31.0': { deps: pep508Dependencies(['urllib3>=1.21', "PySocks>=1.5.6; extra == 'socks'"]) },
    },
    urllib3: { '2.0.7': {} },
    pysocks: { '1.7.1': {} },
    app: { '1.0': { deps: pep508Dependencies(['requests>=2', 'zz-plugin']) } },
    'zz-plugin': { '1.0': { deps: pep508Dependencies(['requests[socks]>=2']) } },
  }
  for (const requirement of ['requests[socks]>=2', '[socks]>=2', 'Requests[SOCKS] (>=2)']) {
    const r = await transitiveDependencies(
      { components: [{ purl: 'pkg:pypi/requests', requirement }] },
      ports('pypi', kb),
    )
    assert.ok(r.ok, JSON.stringify(r))
    assert.deepEqual(
      rows(r.dependencies),
      [
        ['pkg:pypi/pysocks', '1.7.1', ">=1.5.6; extra == 'socks'", 1],
        ['pkg:pypi/urllib3', '2.0.7', '>=1.21', 1],
      ],
      requirement,
    )
  }
  const plain = await transitiveDependencies({ components: [{ purl: 'pkg:pypi/requests@2.31.0' }] }, ports('pypi', kb))
  assert.ok(plain.ok)
  assert.deepEqual(rows(plain.dependencies), [['pkg:pypi/urllib3', '2.0.7', '>=1.21', 1]])
  // requests is first reached without extras (level 1), then by zz-plugin with `socks` (level 2): its socks
  // dependencies come on the next level, under requests
  const app = await transitiveDependencies({ components: [{ purl: 'pkg:pypi/app' }] }, ports('pypi', kb))
  assert.ok(app.ok)
  assert.deepEqual(
    app.dependencies.map((d) => [d.purl, d.version, d.depth, d.dependent]),
    [
      ['pkg:pypi/requests', '2.31.0', 1, 'pkg:pypi/app@1.0'],
      ['pkg:pypi/zz-plugin', '1.0', 1, 'pkg:pypi/app@1.0'],
      ['pkg:pypi/urllib3', '2.0.7', 2, 'pkg:pypi/requests@2.31.0'],
      ['pkg:pypi/pysocks', '1.7.1', 3, 'pkg:pypi/requests@2.31.0'],
    ],
  )
})

/** A real published manifest (FIXTURE: test/fixtures/cargo-manifests/README.md) as the KB records it. */
function crate(file: string): Pkg[string] {
  const m = parse(
    readFileSync(new URL(`../../../test/fixtures/cargo-manifests/${file}.Cargo.toml`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>
  const features = featureTable(m.features)
  return { deps: cargoDependencies(m), ...(features ? { features } : {}) }
}

test('crates.io features (serde 1.0.152, tokio 1.24.2 as Debian ships them): what the dependents ask, united', async () => {
  const kb: Record<string, Pkg> = {
    // FIXTURE: made-up dependents of the real crates
    app: {
      '0.1.0': {
        deps: cargoDependencies({
          dependencies: {
            serde: { version: '1.0', features: ['derive'] },
            tokio: { version: '1.24', features: ['rt-multi-thread', 'net'] },
            helper: '1',
          },
        }),
      },
    },
    helper: {
      '1.0.0': {
        deps: cargoDependencies({
          dependencies: { tokio: { version: '1', 'default-features': false, features: ['macros'] } },
        }),
      },
    },
    plain: { '1.0.0': { deps: cargoDependencies({ dependencies: { serde: '1', tokio: '1' } }) } },
    serde: { '1.0.152': crate('serde-1.0.152') },
    serde_derive: { '1.0.152': {} },
    tokio: { '1.24.2': crate('tokio-1.24.2') },
    'pin-project-lite': { '0.2.9': {} },
    mio: { '0.8.4': {} },
    libc: { '0.2.139': {} },
    socket2: { '0.4.7': {} },
    num_cpus: { '1.15.0': {} },
    'tokio-macros': { '1.8.2': {} },
    winapi: { '0.3.9': {} },
    bytes: { '1.3.0': {} },
    memchr: { '2.5.0': {} },
  }
  const r = await transitiveDependencies({ components: [{ purl: 'pkg:cargo/app' }] }, ports('cargo', kb))
  assert.ok(r.ok, JSON.stringify(r))
  assert.deepEqual(
    r.dependencies.map((d) => [d.purl, d.requirement, d.depth, d.dependent]),
    [
      ['pkg:cargo/helper', '1', 1, 'pkg:cargo/app@0.1.0'],
      ['pkg:cargo/serde', '1.0', 1, 'pkg:cargo/app@0.1.0'],
      ['pkg:cargo/tokio', '1.24', 1, 'pkg:cargo/app@0.1.0'],
      // serde's `derive`; tokio's rt-multi-thread (num_cpus) and net (libc and socket2 on unix, mio); winapi is
      // Windows' only
      ['pkg:cargo/serde_derive', '=1.0.152', 2, 'pkg:cargo/serde@1.0.152'],
      ['pkg:cargo/libc', '0.2.42; cfg(unix)', 2, 'pkg:cargo/tokio@1.24.2'],
      ['pkg:cargo/mio', '0.8.4', 2, 'pkg:cargo/tokio@1.24.2'],
      ['pkg:cargo/num_cpus', '1.8.0', 2, 'pkg:cargo/tokio@1.24.2'],
      ['pkg:cargo/pin-project-lite', '0.2.0', 2, 'pkg:cargo/tokio@1.24.2'],
      [
        'pkg:cargo/socket2',
        '0.4.4; cfg(not(any(target_arch = "wasm32", target_arch = "wasm64")))',
        2,
        'pkg:cargo/tokio@1.24.2',
      ],
      // helper asks tokio for `macros` too: tokio is expanded again for what that brings
      ['pkg:cargo/tokio-macros', '1.7.0', 3, 'pkg:cargo/tokio@1.24.2'],
    ],
  )
  // default features only: none of the optional dependencies
  const plain = await transitiveDependencies({ components: [{ purl: 'pkg:cargo/plain' }] }, ports('cargo', kb))
  assert.ok(plain.ok)
  assert.deepEqual(
    plain.dependencies.map((d) => d.purl),
    ['pkg:cargo/serde', 'pkg:cargo/tokio', 'pkg:cargo/pin-project-lite'],
  )
})

/** Maven declarations (made-up, FIXTURE): group:artifact:version[:scope[:optional]][!excluded g:a,…]. */
function mvn(...decls: string[]): Dependency[] {
  return mavenDependencies(
    decls.map((d) => {
      const [coords = '', excl] = d.split('!')
      const [groupId = '', artifactId = '', version, scope = 'compile', optional] = coords.split(':')
      const exclusions = (excl ?? '')
        .split(',')
        .filter(Boolean)
        .map((e) => {
          const [g = '', a = ''] = e.split(':')
          return { groupId: g, artifactId: a }
        })
      return {
        groupId,
        artifactId,
        ...(version ? { version } : {}),
        scope,
        optional: optional === 'optional',
        exclusions,
      }
    }),
  )
}

// The expected answers are derived by hand from Maven's "Introduction to the Dependency Mechanism" (transitive
// dependencies: dependency mediation, the nearest definition; at equal depth the first declaration; optional
// dependencies and exclusions not brought; test and provided scopes not transitive) and the POM reference's
// version requirement specification (a soft requirement is that version; a range takes the highest it admits).
test('Maven: nearest wins, first at equal depth, exclusions for the subtree, optional and test not followed', async () => {
  const kb: Record<string, Pkg> = {
    'g:a': { '1': { deps: mvn('g:b:1', 'g:c:1', 'g:e:1', 'g:t:1:test') } },
    // A → B → C… ; A → E → D 1.0 is nearer than A → B → X → D 2.0
    'g:b': { '1': { deps: mvn('g:x:1!g:gone', 'g:opt:1:compile:optional') } },
    'g:c': { '1': { deps: mvn('g:y:[1.0,2.0)') } },
    'g:e': { '1': { deps: mvn('g:d:1.0', 'g:z:1') } },
    'g:x': { '1': { deps: mvn('g:d:2.0', 'g:gone:1') } },
    'g:y': { '1.0': {}, '1.5': {}, '2.0': {} },
    // z depends on y at a version other than c's: y is already placed (at depth 2, declared first through c)
    'g:z': { '1': { deps: mvn('g:y:2.0') } },
    'g:d': { '1.0': {}, '2.0': {} },
    'g:t': { '1': {} },
    'g:opt': { '1': {} },
    'g:gone': { '1': {} },
  }
  const r = await transitiveDependencies({ components: [{ purl: 'pkg:maven/g/a@1' }], depth: 5 }, ports('maven', kb))
  assert.ok(r.ok)
  assert.deepEqual(rows(r.dependencies), [
    ['pkg:maven/g/b', '1', '1', 1],
    ['pkg:maven/g/c', '1', '1', 1],
    ['pkg:maven/g/e', '1', '1', 1],
    // b's declaration of x excludes gone: x's own dependency on it is not brought
    ['pkg:maven/g/x', '1', '1; exclude g:gone', 2],
    ['pkg:maven/g/y', '1.5', '[1.0,2.0)', 2],
    ['pkg:maven/g/d', '1.0', '1.0', 2],
    ['pkg:maven/g/z', '1', '1', 2],
  ])
})

test('Maven: a soft version not in the KB is listed unresolved, once', async () => {
  const kb: Record<string, Pkg> = {
    'g:a': { '1': { deps: mvn('g:b:3.0', 'g:c:1') } },
    'g:c': { '1': { deps: mvn('g:b:4.0') } },
  }
  const r = await transitiveDependencies({ components: [{ purl: 'pkg:maven/g/a@1' }] }, ports('maven', kb))
  assert.ok(r.ok)
  assert.deepEqual(rows(r.dependencies), [
    ['pkg:maven/g/b', '', '3.0', 1],
    ['pkg:maven/g/c', '1', '1', 1],
  ])
})

/** The KB's rows of a FIXTURE repository's POMs (test/fixtures/maven-mediation: trees Maven itself resolved). */
function mediationKb(scenario: string): Record<string, Pkg> {
  const root = path.join(import.meta.dirname, '../../../test/fixtures/maven-mediation', scenario, 'g')
  const kb: Record<string, Pkg> = {}
  for (const artifact of readdirSync(root))
    for (const version of readdirSync(path.join(root, artifact))) {
      const text = readFileSync(path.join(root, artifact, version, `${artifact}-${version}.pom`), 'utf8')
      const model = effectivePomSync(text, () => undefined)
      const managed = mavenManaged(model.managed)
      kb[`g:${artifact}`] = {
        ...kb[`g:${artifact}`],
        [version]: { deps: mavenDependencies(model.dependencies), ...(managed ? { managed } : {}) },
      }
    }
  return kb
}

const walked = async (kb: Record<string, Pkg>, purl: string) => {
  const r = await transitiveDependencies({ components: [{ purl }], depth: 5 }, ports('maven', kb))
  assert.ok(r.ok)
  return r.dependencies.map((d) => `${d.purl}@${d.version} depth ${d.depth}`)
}

// Maven's "Introduction to the Dependency Mechanism", Transitive Dependencies, Dependency mediation: "if two
// dependency versions are at the same depth in the dependency tree, the first declaration wins" — declaration order
// in the POM, not name order: a declares z before b, both bring d at depth 2. Maven's resolver gives d 1.0, and 2.0
// with the declarations swapped (test/fixtures/maven-mediation/README.md).
test('Maven: at equal depth the first declared wins, in the POM order (not name order), as Maven resolves', async () => {
  const kb = mediationKb('first-declared')
  assert.deepEqual(await walked(kb, 'pkg:maven/g/a@1'), [
    'pkg:maven/g/z@1 depth 1',
    'pkg:maven/g/b@1 depth 1',
    'pkg:maven/g/d@1.0 depth 2',
  ])
  assert.deepEqual(await walked(kb, 'pkg:maven/g/a-swapped@1'), [
    'pkg:maven/g/b@1 depth 1',
    'pkg:maven/g/z@1 depth 1',
    'pkg:maven/g/d@2.0 depth 2',
  ])
})

// Maven's "Introduction to the Dependency Mechanism", Transitive Dependencies: "Dependency management - this allows
// project authors to directly specify the versions of artifacts to be used when they are encountered in transitive
// dependencies", and Dependency Management: "dependency management takes precedence over dependency mediation for
// transitive dependencies". a manages d 1.5 whatever b declares; b stays 1 (a direct dependency's version is its
// POM's); b's exclusion of x holds below d; b's own management (e 1.0) sets nothing below it (only the root's counts:
// maven-resolver's ClassicDependencyManager); b as an input keeps its own versions. Maven's resolver gives the same
// trees (test/fixtures/maven-mediation/README.md).
test("Maven: the root's dependencyManagement sets its transitive dependencies' versions, as Maven resolves", async () => {
  const kb = mediationKb('managed')
  assert.deepEqual(await walked(kb, 'pkg:maven/g/a@1'), [
    'pkg:maven/g/b@1 depth 1',
    'pkg:maven/g/d@1.5 depth 2',
    'pkg:maven/g/e@2.0 depth 3',
  ])
  assert.deepEqual(await walked(kb, 'pkg:maven/g/b@1'), ['pkg:maven/g/d@2.0 depth 1'])
})
