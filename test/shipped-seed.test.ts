// The seed that ships in data/seed (not a fixture): every version it analyzed carries every analyzer's output
// (snippets within the seed's budget; a Debian version those of the trees it read), attribution notices included,
// every notice file it lists points at a text it holds, and CISA's KEV catalogue is in it.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { SEED_DIR } from '../src/config/seed-dir.ts'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { splitAnalyzers } from '../src/sources/debian/source-tree.ts'
import { seedManifest, seedRows } from './helpers/seed-files.ts'

/** A table's rows (the first line of a seed shard names the columns). */
const rows = (table: string): unknown[][] => seedRows(SEED_DIR, table)

test('every analyzed version of the shipped seed has every analyzer but snippets; a Debian one those of the trees read', () => {
  const byVersion = new Map<number, Set<string>>()
  for (const [versionId, analyzer] of rows('analyses') as [number, string][]) {
    const set = byVersion.get(versionId) ?? new Set<string>()
    set.add(analyzer)
    byVersion.set(versionId, set)
  }
  assert.ok(byVersion.size > 1000, `${byVersion.size} analyzed versions`)
  const debComponents = new Set(
    (rows('components') as unknown[][]).filter((c) => c[2] === 'deb').map((c) => c[0] as number),
  )
  const debVersions = new Set(
    (rows('versions') as unknown[][]).filter((v) => debComponents.has(v[1] as number)).map((v) => v[0] as number),
  )
  // snippet fingerprints ship for the versions the seed's budget holds (data/README.md), not for every version
  const all = ['files', ...DEFAULT_ANALYZERS.map((a) => a.name).filter((a) => a !== 'snippets')]
  // a Debian version: its installed tree's always, its upstream source's all together when the source was read
  const { installed, source } = splitAnalyzers(DEFAULT_ANALYZERS.filter((a) => a.name !== 'snippets'))
  const expected = (id: number, set: Set<string>) =>
    !debVersions.has(id)
      ? all
      : ['files', ...installed.map((a) => a.name), ...(set.has('code-stats') ? source.map((a) => a.name) : [])]
  const lacking = [...byVersion].filter(([id, set]) => expected(id, set).some((a) => !set.has(a)))
  assert.deepEqual(
    lacking.slice(0, 5).map(([id, set]) => ({ id, missing: expected(id, set).filter((a) => !set.has(a)) })),
    [],
  )
  const withSource = [...debVersions].filter((id) => byVersion.get(id)?.has('crypto')).length
  assert.ok(withSource > 200, `${withSource} Debian versions analyzed with their upstream source`)
})

test('every notice file of the shipped seed points at a text it holds, each text stored once', () => {
  const texts = rows('notice_texts') as [string, string][]
  const md5s = new Set(texts.map(([md5]) => md5))
  assert.equal(md5s.size, texts.length, 'each text once')
  const files = rows('version_notices') as [number, string, string][]
  assert.ok(files.length > 1000)
  assert.deepEqual(
    files.filter(([, , md5]) => !md5s.has(md5)),
    [],
  )
  const manifest = seedManifest(SEED_DIR)
  assert.equal(manifest.tables.notice_texts?.rows, texts.length)
  assert.equal(manifest.tables.version_notices?.rows, files.length)
})

test('the snippet index of the shipped seed: each content once, every fingerprint on a content it holds', () => {
  const contents = rows('snippet_contents') as [number, string, number, number][]
  const ids = new Set(contents.map(([id]) => id))
  assert.equal(new Set(contents.map(([, md5]) => md5)).size, contents.length, 'each content once')
  const hashes = rows('snippet_hashes') as [number, number, number][] // hash, content id, line
  assert.ok(hashes.length > 100_000, `${hashes.length} fingerprints`)
  assert.deepEqual(hashes.filter(([, content]) => !ids.has(content)).slice(0, 3), [])
  const counted = new Map<number, number>()
  for (const [, content] of hashes) counted.set(content, (counted.get(content) ?? 0) + 1)
  // a content's fingerprint count is its distinct (fingerprint, line) pairs, all of them shipped
  assert.deepEqual(contents.filter(([id, , , n]) => (counted.get(id) ?? 0) > n).slice(0, 3), [])
  const analyzed = (rows('analyses') as [number, string][]).filter(([, a]) => a === 'snippets')
  assert.ok(analyzed.length > 100, `${analyzed.length} versions with snippet fingerprints`)
})

test('the algorithms of each file content in the shipped seed: crypto-js md5.js and sha256.js in every version', () => {
  const algorithms = new Map<string, string[]>()
  for (const [md5, algorithm] of rows('file_algorithms') as [string, string][])
    algorithms.set(md5, [...(algorithms.get(md5) ?? []), algorithm])
  const cryptoJs = (rows('components') as unknown[][]).find((c) => c[1] === 'pkg:npm/crypto-js')?.[0]
  const versions = new Set(
    (rows('versions') as unknown[][]).filter((v) => v[1] === cryptoJs).map((v) => v[0] as number),
  )
  const crypto = new Map(
    (rows('analyses') as [number, string, string][])
      .filter(([id, a]) => a === 'crypto' && versions.has(id))
      .map(([id, , v]) => [id, v]),
  )
  assert.ok(crypto.size >= 20, `${crypto.size} crypto-js versions analyzed`)
  assert.deepEqual([...new Set(crypto.values())], ['3'], 'every one re-read with the per-file lists')
  const files = (rows('version_files') as [number, string, number, string][]).filter(
    ([id, path]) => crypto.has(id) && (path === 'md5.js' || path === 'sha256.js'),
  )
  assert.ok(files.length >= 30, `${files.length} md5.js and sha256.js files`)
  const want = (path: string) => (path === 'md5.js' ? 'md5' : 'sha2')
  assert.deepEqual(files.filter(([, path, , md5]) => !(algorithms.get(md5) ?? []).includes(want(path))).slice(0, 3), [])
  assert.equal(seedManifest(SEED_DIR).tables.file_algorithms?.rows, [...algorithms.values()].flat().length)
})

test("the shipped seed carries CISA's KEV catalogue shipped beside it, every entry, with its source and date", () => {
  const kev = rows('kev_entries') as unknown[][]
  assert.equal(seedManifest(SEED_DIR).tables.kev_entries?.rows, kev.length)
  assert.equal(kev.length, 1404) // data/sources/kev: the catalogue of 2025-08-25
  const libc = kev.find((r) => r[0] === 'CVE-2023-4911') // glibc's "Looney Tunables", added 2023-11-21
  assert.equal(libc?.[4], '2023-11-21', JSON.stringify(libc))
  const sources = seedManifest(SEED_DIR).sources.map((s) => s.name)
  assert.ok(sources.includes('kev'), JSON.stringify(sources))
})
