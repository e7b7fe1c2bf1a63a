// The consistency rules over made-up rows (FIXTURE): real-looking rows pass, each kind of planted row is reported
// once under its rule, the reader is read a chunk at a time, and the report keeps the first findings only.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  type ComponentRow,
  type ConsistencyReader,
  checkKb,
  componentFindings,
  type OrphanCount,
  type VersionRow,
  versionFindings,
} from './consistency.ts'

/** FIXTURE: a component row as ingestion writes it. */
function component(id: number, over: Partial<ComponentRow> = {}): ComponentRow {
  return {
    id,
    purl: 'pkg:npm/fx-ok',
    purlType: 'npm',
    namespace: '',
    name: 'fx-ok',
    purlName: 'fx-ok',
    latestVersion: '1.0.0',
    ...over,
  }
}

const rules = (c: ComponentRow) => componentFindings(c).map((f) => f.rule)

test('rows as ingestion writes them pass: npm (scoped, mixed case) and Debian (a + in the name, spelled raw)', () => {
  assert.deepEqual(rules(component(1)), [])
  const scoped = { purl: 'pkg:npm/%40fx/core', namespace: '@fx', name: 'core', purlName: '@fx/core' }
  assert.deepEqual(rules(component(2, scoped)), [])
  assert.deepEqual(rules(component(3, { purl: 'pkg:npm/JSONStream', name: 'JSONStream', purlName: 'JSONStream' })), [])
  const deb = { purlType: 'deb', namespace: 'debian', latestVersion: '12.2.0-14+deb12u1' }
  const libstdc = { purl: 'pkg:deb/debian/libstdc++6', name: 'libstdc++6', purlName: 'debian/libstdc++6' }
  assert.deepEqual(rules(component(4, { ...deb, ...libstdc })), [])
  assert.deepEqual(rules(component(5, { ...deb, ...libstdc, purl: 'pkg:deb/debian/libstdc%2b%2b6' })), [])
})

test('a Go module by its whole path, a Maven artifact by groupId:artifactId (as their sources write them)', () => {
  const toml = { purl: 'pkg:golang/github.com/BurntSushi/toml', namespace: 'github.com/BurntSushi', name: 'toml' }
  const go = { purlType: 'golang', latestVersion: 'v1.2.0', purlName: 'github.com/burntsushi/toml' }
  assert.deepEqual(rules(component(6, { ...go, ...toml })), [])
  assert.deepEqual(rules(component(7, { ...go, ...toml, purl: 'pkg:golang/toml', namespace: '', purlName: 'toml' })), [
    'name-rejected',
  ])
  const lang3 = { purl: 'pkg:maven/org.apache.commons/commons-lang3', namespace: 'org.apache.commons' }
  const maven = { purlType: 'maven', latestVersion: '3.12.0', name: 'commons-lang3' }
  assert.deepEqual(rules(component(8, { ...maven, ...lang3, purlName: 'org.apache.commons/commons-lang3' })), [])
})

test('each planted component row is reported under its rule', () => {
  assert.deepEqual(rules(component(1, { purl: 'pkg:npm/', name: '', purlName: '' })), [
    'purl-unparsable',
    'name-rejected',
  ])
  // the purl with a version, qualifiers and a subpath: pkg:npm/x?a=b#c@1 as a hostile registry wrote it
  const query = { purl: 'pkg:npm/x?a=b#c@1', name: 'x?a=b#c@1', purlName: 'x?a=b#c@1' }
  assert.deepEqual(rules(component(2, query)), [
    'purl-not-canonical',
    'identity-mismatch',
    'identity-mismatch',
    'name-rejected',
  ])
  const img = { purl: 'pkg:npm/%3Cimg%20src%3Dx%3E', name: '<img src=x>', purlName: '<img src=x>' }
  assert.deepEqual(rules(component(3, img)), ['name-rejected'])
  assert.deepEqual(rules(component(4, { purl: 'pkg:npm/react' })), ['identity-mismatch', 'identity-mismatch'])
  assert.deepEqual(rules(component(5, { purl: 'pkg:npm/fx-ok@1.0.0' })), ['purl-not-canonical'])
  assert.deepEqual(rules(component(6, { latestVersion: '<img src=x>' })), ['version-rejected'])
  const upper = {
    purl: 'pkg:deb/debian/LibC6',
    purlType: 'deb',
    namespace: 'debian',
    name: 'LibC6',
    latestVersion: '1.0',
  }
  assert.deepEqual(rules(component(7, { ...upper, purlName: 'debian/libc6' })), [
    'purl-not-canonical',
    'identity-mismatch',
    'name-rejected',
  ])
})

test('versions the ecosystem rejects are reported; others pass', () => {
  const v = (purlType: string, version: string): VersionRow => ({ id: 9, componentId: 1, purlType, version })
  assert.deepEqual(versionFindings(v('npm', '1.0.0beta')), [])
  assert.deepEqual(versionFindings(v('deb', '1:2.38.1-5+deb12u3')), [])
  assert.deepEqual(versionFindings(v('pypi', '2.31.0')), [])
  assert.deepEqual(versionFindings(v('gem', 'anything')), [])
  assert.equal(versionFindings(v('pypi', 'anything')).length, 1)
  assert.equal(versionFindings(v('cargo', '1.0')).length, 1)
  const [f] = versionFindings(v('npm', '99.0.0 <img>'))
  assert.equal(f?.rule, 'version-rejected')
  assert.equal(f?.table, 'versions')
  assert.equal(versionFindings(v('deb', 'a1.0')).length, 1)
})

/** FIXTURE: an in-memory reader over these rows, counting its reads. */
function memoryReader(components: ComponentRow[], versions: VersionRow[], orphans: OrphanCount[]) {
  const reads: string[] = []
  const page = <T extends { id: number }>(rows: T[], after: number | null, limit: number) =>
    rows.filter((r) => after === null || r.id > after).slice(0, limit)
  const reader: ConsistencyReader = {
    components: async (after, limit) => {
      reads.push(`components after ${after}`)
      return page(components, after, limit)
    },
    versions: async (after, limit) => {
      reads.push(`versions after ${after}`)
      return page(versions, after, limit)
    },
    orphans: async (examples) => orphans.map((o) => ({ ...o, examples: o.examples.slice(0, examples) })),
  }
  return { reader, reads }
}

test('checkKb reads a chunk at a time, counts every finding and keeps the first few', async () => {
  const components = Array.from({ length: 5 }, (_, i) => component(i + 1, i === 3 ? { purl: 'pkg:npm/react' } : {}))
  const versions = Array.from({ length: 7 }, (_, i) => ({
    id: i + 1,
    componentId: 1,
    purlType: 'npm',
    version: `${i}.0.0`,
  }))
  ;(versions[6] as VersionRow).version = 'latest'
  const orphan = {
    table: 'analyses',
    column: 'version_id',
    target: 'versions',
    count: 40,
    examples: ['77', '78', '79'],
  }
  const { reader, reads } = memoryReader(components, versions, [orphan])
  const report = await checkKb(reader, { chunk: 2, examples: 3 })
  assert.equal(report.components, 5)
  assert.equal(report.versions, 7)
  assert.deepEqual(reads, [
    'components after null',
    'components after 2',
    'components after 4',
    'versions after null',
    'versions after 2',
    'versions after 4',
    'versions after 6',
  ])
  assert.deepEqual(report.counts, {
    'purl-unparsable': 0,
    'purl-not-canonical': 0,
    'identity-mismatch': 2,
    'name-rejected': 0,
    'version-rejected': 1,
    orphan: 40,
  })
  assert.deepEqual(
    report.findings.map((f) => `${f.rule} ${f.table} ${f.row}`),
    [
      'identity-mismatch components pkg:npm/react',
      'identity-mismatch components pkg:npm/react',
      'version-rejected versions 7 (component 1)',
    ],
  )
  const clean = await checkKb(memoryReader([component(1)], [], []).reader, { examples: 0 })
  assert.deepEqual(Object.values(clean.counts), [0, 0, 0, 0, 0, 0])
})
