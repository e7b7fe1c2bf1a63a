// SharedIndexes: the indexes fetched (and parsed) on the first unit and once older than the TTL, never while a unit
// reads them, one fetch at a time, over a made-up archive whose update() and units end when the test says.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { IndexFile } from './apt.ts'
import { parseIndexes, SharedIndexes, suitesWithoutContents } from './suite-indexes.ts'

/** A made-up archive: counts updates, fails when told, and checks that no unit reads while one runs. */
function fakeArchive() {
  const a = {
    updates: 0,
    updating: false,
    reading: 0,
    failNext: false,
    release: () => {},
    async update() {
      assert.equal(a.reading, 0, 'no unit reads while the indexes are fetched')
      assert.equal(a.updating, false, 'one fetch at a time')
      a.updating = true
      a.updates++
      await new Promise<void>((resolve) => {
        a.release = resolve
      })
      a.updating = false
      if (a.failNext) {
        a.failNext = false
        throw new Error('apt-get update failed')
      }
    },
  }
  return a
}

type Fake = ReturnType<typeof fakeArchive>

/** A unit's work: reads while the test holds it; returns a function that ends it. */
function unit(indexes: SharedIndexes<Fake>) {
  let end = () => {}
  const held = new Promise<void>((resolve) => {
    end = resolve
  })
  const done = indexes.read(async (a) => {
    assert.equal(a.updating, false, 'no unit reads while the indexes are fetched')
    a.reading++
    await held
    a.reading--
    return a.updates
  })
  return { done, end }
}

const turn = () => new Promise((r) => setImmediate(r))

test('the first units wait for one fetch; within the TTL none; past it one, after the units reading end', async () => {
  const archive = fakeArchive()
  let now = 0
  const indexes = new SharedIndexes(
    () => archive,
    60_000,
    () => now,
  )
  const [a, b] = [unit(indexes), unit(indexes)]
  await turn()
  assert.equal(archive.updates, 1, 'two units, one fetch')
  archive.release()
  a.end()
  b.end()
  assert.deepEqual(await Promise.all([a.done, b.done]), [1, 1])

  now = 59_000
  const c = unit(indexes)
  await turn()
  assert.equal(archive.updates, 1, 'within the TTL: no fetch')
  now = 61_000
  const d = unit(indexes) // stale: waits for c to end, then fetches
  const e = unit(indexes) // comes during the fetch: waits for it
  await turn()
  assert.equal(archive.updates, 1, 'the fetch waits for the unit reading')
  c.end()
  assert.equal(await c.done, 1)
  await turn()
  assert.equal(archive.updates, 2)
  archive.release()
  d.end()
  e.end()
  assert.deepEqual(await Promise.all([d.done, e.done]), [2, 2])
})

test('a failed fetch fails the units waiting for it; the next unit fetches again', async () => {
  const archive = fakeArchive()
  const indexes = new SharedIndexes(() => archive, 60_000)
  archive.failNext = true
  const [a, b] = [unit(indexes), unit(indexes)]
  await turn()
  archive.release()
  await assert.rejects(a.done, /apt-get update failed/)
  await assert.rejects(b.done, /apt-get update failed/)
  const c = unit(indexes)
  await turn()
  assert.equal(archive.updates, 2)
  archive.release()
  c.end()
  assert.equal(await c.done, 2)
})

test('a TTL of 0: a unit that did not wait for a fetch fetches, never while another reads', async () => {
  const archive = fakeArchive()
  const indexes = new SharedIndexes(() => archive, 0)
  const a = unit(indexes)
  await turn()
  archive.release()
  await turn()
  const b = unit(indexes)
  await turn()
  assert.equal(archive.updates, 1, 'b waits for a to end')
  a.end()
  await turn()
  assert.equal(archive.updates, 2)
  archive.release()
  b.end()
  assert.deepEqual(await Promise.all([a.done, b.done]), [1, 2])
})

test('the indexes are parsed once per fetch: every unit within the TTL reads the same records', async () => {
  const archive = fakeArchive()
  let now = 0
  let parses = 0
  const indexes = new SharedIndexes(
    () => archive,
    60_000,
    () => now,
    async (a) => ({ parse: ++parses, of: a.updates }),
  )
  const read = () => indexes.read(async (_a, parsed) => parsed)
  const first = [read(), read()]
  await turn()
  archive.release()
  const within = await Promise.all(first)
  now = 30_000
  within.push(await read())
  assert.deepEqual(
    within,
    [1, 1, 1].map(() => ({ parse: 1, of: 1 })),
  )
  now = 61_000
  const stale = read()
  await turn()
  archive.release()
  assert.deepEqual(await stale, { parse: 2, of: 2 }, 'past the TTL: fetched and parsed again')
})

/** Real trixie stanzas (FIXTURE: test/fixtures/debian/trixie-librust/README.md). */
const TRIXIE = fileURLToPath(new URL('../../../test/fixtures/debian/trixie-librust/Packages', import.meta.url))

test('suitesWithoutContents: the suites with Packages but no Contents index of their own', () => {
  const packages = (suite: string): IndexFile => ({
    suite,
    kind: 'Packages',
    file: `/l/x_dists_${suite}_main_binary-amd64_Packages`,
    mirror: '',
  })
  const indexes = [packages('bookworm'), packages('trixie'), { ...packages('trixie'), kind: 'Sources' as const }]
  const lists = '/var/lists/host_debian_dists_'
  assert.deepEqual(suitesWithoutContents(indexes, [`${lists}bookworm_main_Contents-amd64.lz4`]), ['trixie'])
  // a -updates suite's Contents are not the suite's own
  assert.deepEqual(
    suitesWithoutContents(indexes, [
      `${lists}trixie-updates_main_Contents-all.lz4`,
      `${lists}bookworm_main_Contents-all`,
    ]),
    ['trixie'],
  )
  assert.deepEqual(
    suitesWithoutContents(indexes, [`${lists}trixie_main_Contents-all.gz`, `${lists}bookworm_main_Contents-all`]),
    [],
  )
})

test('parseIndexes: a suite without Contents has its crates from its Packages index, no Python distribution', async () => {
  const parsed = await parseIndexes({
    indexes: () => [{ suite: 'trixie', kind: 'Packages', file: TRIXIE, mirror: '' }],
    releaseFiles: () => [],
    contentsFiles: () => [],
  })
  assert.deepEqual(parsed.contentsMissing, ['trixie'])
  assert.deepEqual(parsed.refused, [
    'trixie: no Contents index; its crates are read from its Packages index, its Python distributions unknown',
  ])
  const found = (crate: string) => parsed.repackaged.find('cargo', crate).map((e) => `${e.package} ${e.version}`)
  assert.deepEqual(found('MD_5'), ['librust-md-5-dev 0.10.6'])
  assert.deepEqual(found('syn'), ['librust-syn-1-dev 1.0.109'])
  assert.deepEqual(found('codepage-437'), ['librust-codepage-437-dev 0.1.0'])
  assert.deepEqual(found('codepage'), [])
  assert.deepEqual(found('oxttl'), ['librust-oxrdf-dev 0.1.7'])
  assert.equal(parsed.repackaged.entries().length, 12)
  assert.ok(parsed.repackaged.entries().every((e) => e.ecosystem === 'cargo' && e.from === 'Packages'))
})

test("parseIndexes: each source package's Go import paths (the FIXTURE repository's real Sources stanzas)", async () => {
  const repo = fileURLToPath(new URL('../../../test/fixtures/debian/repo/dists/bookworm/main/', import.meta.url))
  const parsed = await parseIndexes({
    indexes: () => [
      { suite: 'bookworm', kind: 'Packages', file: `${repo}binary-amd64/Packages`, mirror: '' },
      { suite: 'bookworm', kind: 'Sources', file: `${repo}source/Sources`, mirror: '' },
    ],
    releaseFiles: () => [],
    contentsFiles: () => [`${repo}Contents-all`],
  })
  assert.deepEqual(Object.fromEntries(parsed.goImportPaths), {
    'golang-testify': ['github.com/stretchr/testify'],
    'golang-github-gorilla-mux': ['github.com/gorilla/mux'],
    'golang-github-pmezard-go-difflib': ['github.com/pmezard/go-difflib'],
    'golang-github-cespare-xxhash': ['github.com/cespare/xxhash'],
    'golang-golang-x-xerrors': ['golang.org/x/xerrors'],
  })
  // the go.mod of github.com/cespare/xxhash/v2 is in the folder github.com/cespare/xxhash (its Go-Import-Path)
  assert.deepEqual(
    parsed.repackaged.find('golang', 'github.com/cespare/xxhash').map((e) => e.path),
    ['usr/share/gocode/src/github.com/cespare/xxhash/go.mod'],
  )
})
