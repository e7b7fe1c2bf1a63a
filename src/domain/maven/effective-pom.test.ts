// The effective model over real POMs (Debian's, FIXTURE copies in test/fixtures/maven/maven-repo) and over small
// made-up POMs (written below) for the rules Debian's POMs do not exercise: BOM imports, management of scope and
// exclusions, cycles and missing parents. The expected answers are derived by hand from the POM reference.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { fixtureLoader, fixturePom } from '../../../test/helpers/maven-repo.ts'
import { effectivePom, interpolate, type PomLoader } from './effective-pom.ts'

describe('Debian POMs', () => {
  test('jackson-databind: four parents (jackson-base, jackson-bom, jackson-parent, oss-parent), properties of a parent', async () => {
    const asked: string[] = []
    const m = await effectivePom(
      fixturePom('com.fasterxml.jackson.core', 'jackson-databind', '2.14.0'),
      fixtureLoader(asked),
    )
    assert.deepEqual(m.coordinates, {
      groupId: 'com.fasterxml.jackson.core',
      artifactId: 'jackson-databind',
      version: '2.14.0',
    })
    assert.deepEqual(
      m.parents.map((p) => p.artifactId),
      ['jackson-base', 'jackson-bom', 'jackson-parent', 'oss-parent'],
    )
    assert.deepEqual(m.missing, [])
    // Debian's record of the upstream version, `${jackson.version.core}`, defined in jackson-bom two parents up
    assert.equal(m.properties['debian.com.fasterxml.jackson.core.jackson-core.originalVersion'], '2.14.0')
    // `${project.version}` is the child's
    assert.equal(m.properties['osgi.export'], 'com.fasterxml.jackson.databind.*;version=2.14.0')
    assert.deepEqual(
      m.dependencies.map((d) => [d.groupId, d.artifactId, d.version, d.scope, d.optional]),
      [
        ['com.fasterxml.jackson.core', 'jackson-annotations', '2.x', 'compile', false],
        ['com.fasterxml.jackson.core', 'jackson-core', '2.x', 'compile', false],
        // inherited from jackson-parent, in the test scope the walk does not follow
        ['junit', 'junit', '4.x', 'test', false],
      ],
    )
  })

  test('guava: versions from the parent dependencyManagement, test-scoped management not a dependency', async () => {
    const m = await effectivePom(fixturePom('com.google.guava', 'guava', '31.1-jre'), fixtureLoader())
    assert.equal(m.coordinates.version, '31.1-jre')
    assert.deepEqual(
      m.dependencies.map((d) => `${d.groupId}:${d.artifactId}:${d.version}:${d.scope}`),
      ['org.jsr-305:jsr305:0.x:compile', 'com.google.errorprone:error_prone_annotations:debian:compile'],
    )
    const truth = m.managed.find((d) => d.artifactId === 'truth')
    assert.equal(truth?.scope, 'test')
    assert.deepEqual(truth?.exclusions, [{ groupId: 'com.google.guava', artifactId: 'guava' }])
  })

  test('commons-lang3: no dependencies, the parents read once each', async () => {
    const asked: string[] = []
    const m = await effectivePom(fixturePom('org.apache.commons', 'commons-lang3', '3.12.0'), fixtureLoader(asked))
    assert.deepEqual(m.dependencies, [])
    assert.deepEqual(asked, ['org.apache.commons:commons-parent:debian', 'org.apache:apache:debian'])
    assert.equal(m.name, 'Apache Commons Lang')
  })
})

/** Made-up POMs (FIXTURE) keyed group:artifact:version. */
function loaderOf(poms: Record<string, string>): PomLoader {
  return async (g, a, v) => poms[`${g}:${a}:${v}`]
}

function pom(gav: string, body: string): string {
  const [g, a, v] = gav.split(':')
  return `<project><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version>${body}</project>`
}

const dep = (g: string, a: string, extra = '') =>
  `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId>${extra}</dependency>`

describe('the rules (made-up POMs)', () => {
  test('a BOM import: its management applies after the POM own entries; the first import of an artifact wins', async () => {
    const poms = {
      'x:bom1:1': pom(
        'x:bom1:1',
        `<properties><v>1.5</v></properties><dependencyManagement><dependencies>${dep('x', 'a', `<version>\${v}</version>`)}${dep('x', 'b', '<version>1.0</version><scope>runtime</scope>')}</dependencies></dependencyManagement>`,
      ),
      'x:bom2:1': pom(
        'x:bom2:1',
        `<dependencyManagement><dependencies>${dep('x', 'b', '<version>9.9</version>')}${dep('x', 'c', '<version>3</version>')}</dependencies></dependencyManagement>`,
      ),
    }
    const app = pom(
      'x:app:1',
      `<dependencyManagement><dependencies>${dep('x', 'c', '<version>2</version>')}${dep('x', 'bom1', '<version>1</version><type>pom</type><scope>import</scope>')}${dep('x', 'bom2', '<version>1</version><type>pom</type><scope>import</scope>')}</dependencies></dependencyManagement><dependencies>${dep('x', 'a')}${dep('x', 'b')}${dep('x', 'c')}</dependencies>`,
    )
    const m = await effectivePom(app, loaderOf(poms))
    // a: bom1's, interpolated in bom1's own properties; b: bom1's (imported first) with its scope; c: the app's own
    assert.deepEqual(
      m.dependencies.map((d) => `${d.artifactId}:${d.version}:${d.scope}`),
      ['a:1.5:compile', 'b:1.0:runtime', 'c:2:compile'],
    )
  })

  test('the child overrides a parent property, and the parent sections see the child value', async () => {
    const parent = pom(
      'x:parent:7',
      `<properties><lib.version>1</lib.version></properties><dependencies>${dep('x', 'lib', `<version>\${lib.version}</version>`)}</dependencies>`,
    )
    const child = `<project><parent><groupId>x</groupId><artifactId>parent</artifactId><version>7</version></parent><artifactId>child</artifactId><properties><lib.version>2</lib.version><me>\${project.groupId}:\${project.parent.version}:\${version}</me></properties></project>`
    const m = await effectivePom(child, loaderOf({ 'x:parent:7': parent }))
    assert.deepEqual(m.coordinates, { groupId: 'x', artifactId: 'child', version: '7' })
    assert.deepEqual(
      m.dependencies.map((d) => `${d.artifactId}:${d.version}`),
      ['lib:2'],
    )
    assert.equal(m.properties.me, 'x:7:7')
  })

  test('management adds its exclusions; a declared optional dependency keeps its flag', async () => {
    const app = pom(
      'x:app:1',
      `<dependencyManagement><dependencies>${dep('x', 'a', '<version>1</version><exclusions><exclusion><groupId>y</groupId><artifactId>*</artifactId></exclusion></exclusions>')}</dependencies></dependencyManagement><dependencies>${dep('x', 'a', '<optional>true</optional><exclusions><exclusion><groupId>z</groupId><artifactId>q</artifactId></exclusion></exclusions>')}</dependencies>`,
    )
    const [a] = (await effectivePom(app, loaderOf({}))).dependencies
    assert.equal(a?.optional, true)
    assert.deepEqual(a?.exclusions, [
      { groupId: 'z', artifactId: 'q' },
      { groupId: 'y', artifactId: '*' },
    ])
  })

  test('a parent cycle and a missing parent stop the read and are reported', async () => {
    const p1 = `<project><parent><groupId>x</groupId><artifactId>p2</artifactId><version>1</version></parent><artifactId>p1</artifactId></project>`
    const p2 = `<project><parent><groupId>x</groupId><artifactId>p1</artifactId><version>1</version></parent><artifactId>p2</artifactId></project>`
    const child = `<project><parent><groupId>x</groupId><artifactId>p1</artifactId><version>1</version></parent><artifactId>c</artifactId></project>`
    const cyc = await effectivePom(child, loaderOf({ 'x:p1:1': p1, 'x:p2:1': p2 }))
    assert.deepEqual(cyc.missing, ['x:p1:1 (a cycle)'])
    const none = await effectivePom(child, loaderOf({}))
    assert.deepEqual(none.missing, ['x:p1:1'])
    assert.equal(none.coordinates.version, '1')
  })

  test('a self-importing BOM stops', async () => {
    const bom = pom(
      'x:bom:1',
      `<dependencyManagement><dependencies>${dep('x', 'bom', '<version>1</version><type>pom</type><scope>import</scope>')}</dependencies></dependencyManagement>`,
    )
    const m = await effectivePom(bom, loaderOf({ 'x:bom:1': bom }))
    assert.deepEqual(m.missing, ['x:bom:1 (an import cycle)'])
  })

  test('interpolation: unknown names kept, self-reference bounded', () => {
    assert.equal(interpolate(`\${a}-\${nope}`, { a: `\${b}`, b: '1' }, {}), `1-\${nope}`)
    assert.equal(interpolate(`\${a}`, { a: `\${a}` }, {}), `\${a}`)
  })
})
