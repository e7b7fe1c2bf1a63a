// Which place of a matched content the scan names (docs/scanning.md "Which component"): the upstream package before
// a distribution's repackaging of it, even when the repackaging was released first; the older release otherwise.
// FIXTURE places (made up, modelled on Debian's node-depd and npm's depd).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ownCode } from '../../../test/fixtures/scan/own-code.ts'
import { precedes, rankPlaces } from './component-choice.ts'
import { scanWfp } from './scan.ts'
import type { IndexedFile, IndexHit, ScanIndex } from './types.ts'
import { fingerprints } from './winnowing.ts'

function place(purl: string, path: string, releasedAt: string, versionId: number, md5 = 'd'.repeat(32)): IndexedFile {
  const [, namespace = '', name = ''] = /^pkg:[^/]+\/(?:(.+)\/)?([^/]+)$/.exec(purl) ?? []
  return {
    md5,
    path,
    versionId,
    version: '1.0.0',
    releasedAt,
    componentId: versionId,
    purl,
    name,
    namespace,
    projectUrl: '',
    latestVersion: '1.0.0',
  }
}

const debian = place('pkg:deb/debian/node-depd', 'usr/share/nodejs/depd/index.js', '2021-11-09T00:00:00Z', 1)
const npm = place('pkg:npm/depd', 'index.js', '2024-03-09T00:00:00Z', 2)

test("the upstream npm package is named before Debian's older repackaging of it", () => {
  assert.deepEqual(
    rankPlaces([debian, npm], 'src/index.js', undefined).map((p) => p.purl),
    ['pkg:npm/depd', 'pkg:deb/debian/node-depd'],
  )
})

test('a scoped npm package is recognized under its scope folder', () => {
  const deb = place(
    'pkg:deb/debian/node-ampproject-remapping',
    'usr/share/nodejs/@jridgewell/gen-mapping/src/sourcemap-segment.ts',
    '2022-10-24T00:00:00Z',
    3,
  )
  const up = place('pkg:npm/%40jridgewell/gen-mapping', 'src/sourcemap-segment.ts', '2025-08-12T00:00:00Z', 4)
  assert.equal(rankPlaces([deb, up], 'x.ts', undefined)[0]?.purl, 'pkg:npm/%40jridgewell/gen-mapping')
})

test('without a repackaging between them the oldest release still wins', () => {
  // Debian's file is not at usr/share/nodejs/depd/: another package's copy, not a repackaging of npm's depd
  const other = place('pkg:deb/debian/node-other', 'usr/share/nodejs/other/index.js', '2021-11-09T00:00:00Z', 5)
  assert.deepEqual(
    rankPlaces([npm, other], 'index.js', undefined).map((p) => p.purl),
    ['pkg:deb/debian/node-other', 'pkg:npm/depd'],
  )
  const older = place('pkg:npm/older', 'lib/index.js', '2010-01-01T00:00:00Z', 6)
  assert.equal(rankPlaces([npm, older], 'index.js', undefined)[0]?.purl, 'pkg:npm/older')
})

test('the earlier rules still come first: a vendored upstream copy loses to the repackaging', () => {
  const bundled = place('pkg:npm/bundler', 'node_modules/depd/index.js', '2024-01-01T00:00:00Z', 7)
  assert.equal(rankPlaces([bundled, debian], 'index.js', undefined)[0]?.purl, 'pkg:deb/debian/node-depd')
  const identify = { kind: 'identify' as const, purls: new Map([['pkg:deb/debian/node-depd', new Set([''])]]) }
  assert.equal(rankPlaces([npm, debian], 'index.js', identify)[0]?.purl, 'pkg:deb/debian/node-depd')
})

test('snippet candidates: the upstream precedes the repackaging, else the older release', () => {
  const debMime = place('pkg:deb/debian/node-mime-types', 'usr/share/nodejs/mime-types/index.js', '2022-04-26', 8)
  const npmMime = place('pkg:npm/mime-types', 'index.js', '2025-03-27', 9)
  assert.equal(precedes(npmMime, debMime), true)
  assert.equal(precedes(debMime, npmMime), false)
  assert.equal(precedes(debian, npmMime), true) // no repackaging between them: the older
  assert.equal(precedes(npmMime, debian), false)
})

/** Two indexed contents holding the same code (content 1 in `first`, content 2 in `second`), fingerprinted alike. */
function twoContents(code: string, first: IndexedFile, second: IndexedFile): ScanIndex {
  const fps = fingerprints(Buffer.from(code))
  const byId = new Map([
    [1, first],
    [2, second],
  ])
  return {
    filesByMd5: async (md5s) => [first, second].filter((p) => md5s.includes(p.md5)),
    hits: async (hashes): Promise<IndexHit[]> =>
      fps
        .filter((f) => hashes.includes(f.hash))
        .flatMap((f) => [1, 2].map((contentId) => ({ hash: f.hash, contentId, line: f.line }))),
    holdersOf: async (ids) =>
      new Map(
        ids.flatMap((id) => {
          const f = byId.get(id)
          return f ? [[id, [{ componentId: f.componentId, path: f.path }]]] : []
        }),
      ),
    contents: async (ids) =>
      new Map(ids.flatMap((id) => (byId.has(id) ? [[id, { md5: byId.get(id)?.md5 as string, lines: 200 }]] : []))),
  }
}

test('a snippet found in both an npm package and its older Debian repackaging names the npm package', async () => {
  const code = ownCode(10, 0, 3).join('\n')
  const debMime = place('pkg:deb/debian/node-mime-types', 'usr/share/nodejs/mime-types/index.js', '2022-04-26', 1)
  const npmMime = place('pkg:npm/mime-types', 'index.js', '2025-03-27', 2, 'e'.repeat(32))
  const posted = {
    md5: 'a'.repeat(32),
    size: code.length,
    path: 'lib/mime.js',
    snippets: fingerprints(Buffer.from(code)),
  }
  const opts = { flags: 0, settings: {} }
  const [named] = await scanWfp([posted], twoContents(code, debMime, npmMime), opts)
  assert.deepEqual([named?.match?.id, named?.match?.place.purl], ['snippet', 'pkg:npm/mime-types'])
  // the same two contents when Debian's is not at mime-types' installed path: the older release, as before
  const elsewhere = { ...debMime, path: 'usr/share/nodejs/other/index.js' }
  const [older] = await scanWfp([posted], twoContents(code, elsewhere, npmMime), opts)
  assert.equal(older?.match?.place.purl, 'pkg:deb/debian/node-mime-types')
})
