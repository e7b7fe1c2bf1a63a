// A scan post against an in-memory index (FIXTURE contents): a license notice shared with an indexed file is not a
// snippet match, the code under it is; file matches come before snippets; the SBOM's blacklist names no one.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { test } from 'node:test'
import { ownCode } from '../../../test/fixtures/scan/own-code.ts'
import { scanWfp } from './scan.ts'
import type { IndexedFile, IndexHit, ScanIndex } from './types.ts'
import type { WfpFile } from './wfp.ts'
import { fingerprints } from './winnowing.ts'

const MIT = (createRequire(import.meta.url)('spdx-license-list/full') as Record<string, { licenseText: string }>).MIT
  ?.licenseText as string
const notice = MIT.split('\n').map((l) => ` * ${l}`)

/** One indexed content (id 1, md5 "c…"), held by pkg:npm/fx-held@1.0.0 at src/held.c. */
function indexOf(text: string): ScanIndex {
  const fps = fingerprints(Buffer.from(text))
  const place: IndexedFile = {
    md5: 'c'.repeat(32),
    path: 'src/held.c',
    versionId: 7,
    version: '1.0.0',
    releasedAt: '2026-01-01T00:00:00.000Z',
    componentId: 3,
    purl: 'pkg:npm/fx-held',
    name: 'fx-held',
    namespace: '',
    projectUrl: '',
    latestVersion: '1.0.0',
  }
  return {
    filesByMd5: async (md5s) => (md5s.includes(place.md5) ? [place] : []),
    hits: async (hashes): Promise<IndexHit[]> =>
      fps.filter((f) => hashes.includes(f.hash)).map((f) => ({ hash: f.hash, contentId: 1, line: f.line })),
    componentsOf: async (ids) => new Map(ids.includes(1) ? [[1, [3]]] : []),
    contents: async (ids) => new Map(ids.includes(1) ? [[1, { md5: place.md5, lines: 400 }]] : []),
  }
}
const posted = (path: string, text: string, md5 = 'a'.repeat(32)): WfpFile => ({
  md5,
  size: text.length,
  path,
  snippets: fingerprints(Buffer.from(text)),
})
const opts = { flags: 0, settings: {} }

test('a shared license notice alone is no snippet match; the code under it is', async () => {
  const held = ['/*', ...notice, ' */', ...ownCode(10, 0, 3)].join('\n')
  const index = indexOf(held)
  const own = ['/*', ...notice, ' */', ...ownCode(10, 0, 13)].join('\n')
  const [alone] = await scanWfp([posted('src/mine.c', own)], index, opts)
  assert.equal(alone?.match, undefined)
  const copied = ['/*', ...notice, ' */', ...ownCode(4, 0, 13), ...ownCode(6, 2, 3)].join('\n')
  const [snippet] = await scanWfp([posted('src/mine.c', copied)], index, opts)
  assert.equal(snippet?.match?.id, 'snippet')
  assert.equal(snippet?.match?.place.purl, 'pkg:npm/fx-held')
})

test('a file match by MD5 before any snippet; a blacklisted component is never named', async () => {
  const index = indexOf(ownCode(10, 0, 3).join('\n'))
  const [file] = await scanWfp([posted('x.c', ownCode(10, 0, 3).join('\n'), 'c'.repeat(32))], index, opts)
  assert.equal(file?.match?.id, 'file')
  const blacklist = { kind: 'blacklist' as const, purls: new Map([['pkg:npm/fx-held', new Set([''])]]) }
  const [none] = await scanWfp([posted('x.c', ownCode(10, 0, 3).join('\n'), 'c'.repeat(32))], index, {
    ...opts,
    context: blacklist,
  })
  assert.equal(none?.match, undefined)
})
