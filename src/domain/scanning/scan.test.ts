// A scan post against an in-memory index (FIXTURE contents): a license notice shared with an indexed file is not a
// snippet match, the code under it is; file matches come before snippets; the SBOM's blacklist names no one.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ownCode } from '../../../test/fixtures/scan/own-code.ts'
import { type HeldFile, memoryScanIndex } from '../../../test/helpers/memory-scan-index.ts'
import { readEmittedHelpers } from '../../reference/emitted-helpers.ts'
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
    holdersOf: async (ids) => new Map(ids.includes(1) ? [[1, [{ componentId: 3, path: 'src/held.c' }]]] : []),
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

// Real files of this repository's node_modules (pinned by its lockfile): two versions of path-scurry's compiled
// index (the newer one 38 lines longer, its offset changing along the file), and the 19 packages whose tsc-compiled
// files start with tsc's `__createBinding` / `__setModuleDefault` / `__importStar` helpers.
const modules = fileURLToPath(new URL('../../../node_modules', import.meta.url))
const real = (path: string) => readFileSync(join(modules, path))
/** The first 200 bytes of a file: tsc writes its helpers right after "use strict". */
function head(path: string): string {
  const fd = openSync(join(modules, path), 'r')
  try {
    const buf = Buffer.alloc(200)
    return buf.subarray(0, readSync(fd, buf, 0, 200, 0)).toString('latin1')
  } finally {
    closeSync(fd)
  }
}
const held = (purl: string, path: string, inModules: string): HeldFile => ({
  purl,
  version: '1.0.0',
  path,
  content: real(inModules),
})
const postedReal = (path: string, content: Buffer): WfpFile => ({
  md5: createHash('md5').update(content).digest('hex'),
  size: content.length,
  path,
  snippets: fingerprints(content),
})

test('real files: oss_lines lie inside the matched file and follow its lines where the offset changes', async () => {
  const older = 'cacache/node_modules/path-scurry/dist/commonjs/index.js'
  const newer = 'path-scurry/dist/commonjs/index.js'
  for (const [indexed, scanned] of [
    [newer, older],
    [older, newer],
  ] as const) {
    const content = real(indexed)
    const index = memoryScanIndex([{ purl: 'pkg:npm/path-scurry', version: '1.0.0', path: 'index.js', content }])
    const text = real(scanned)
    const [r] = await scanWfp([postedReal('src/index.js', text)], index, opts)
    assert.equal(r?.match?.id, 'snippet')
    const ranges = (s: string) => s.split(',').map((x) => x.split('-').map(Number) as [number, number])
    const lines = ranges(r?.match?.lines ?? '')
    const oss = ranges(r?.match?.ossLines ?? '')
    assert.equal(oss.length, lines.length)
    assert.ok(lines.length > 1, 'split where the offset changes')
    const have = content.toString('utf8').split('\n')
    const mine = text.toString('utf8').split('\n')
    let same = 0
    let total = 0
    for (const [i, [from, to]] of oss.entries()) {
      const [scannedFrom, scannedTo] = lines[i] as [number, number]
      assert.ok(from >= 1 && to <= have.length, `${from}-${to} inside 1..${have.length}`)
      assert.equal(to - from, scannedTo - scannedFrom)
      for (let k = 0; k <= to - from; k++, total++) if (have[from - 1 + k] === mine[scannedFrom - 1 + k]) same++
    }
    assert.ok(same >= 0.9 * total, `${same} of ${total} mapped lines are the same line`)
  }
})

test("real files: a file whose only shared code is tsc's helper preamble matches no unrelated component", async () => {
  const helpers = 'var __createBinding = (this && this.__createBinding)'
  const compiled = readdirSync(modules, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.js'))
    .map((d) => relative(modules, join(d.parentPath, d.name)))
    .filter((f) => !f.startsWith('agent-base/') && !f.includes('/test/'))
    .sort()
  const files: HeldFile[] = []
  const packages = new Set<string>()
  for (const f of compiled) {
    const name =
      f
        .split('/node_modules/')
        .pop()
        ?.split('/')
        .slice(0, f.startsWith('@') ? 2 : 1)
        .join('/') ?? f
    if (packages.has(name) || !head(f).includes(helpers)) continue
    packages.add(name)
    files.push(held(`pkg:npm/${name}`, f, f))
  }
  assert.ok(packages.size > 10, `${packages.size} packages with the preamble in node_modules`)
  const agentBase = real('agent-base/dist/helpers.js') // agent-base 7.1.4: the preamble, then 40 lines of its own
  const [alone] = await scanWfp([postedReal('dist/helpers.js', agentBase)], memoryScanIndex(files.slice(0, 1)), opts)
  assert.equal(alone?.match?.id, 'snippet', 'held by one component, the preamble still matches (not widespread)')
  const emitted = { ...opts, emittedHelpers: readEmittedHelpers }
  const [listed] = await scanWfp(
    [postedReal('dist/helpers.js', agentBase)],
    memoryScanIndex(files.slice(0, 1)),
    emitted,
  )
  assert.equal(listed?.match, undefined, 'the preamble is among the emitted helpers (data/emitted-helpers)')
  const [r] = await scanWfp([postedReal('dist/helpers.js', agentBase)], memoryScanIndex(files), opts)
  assert.equal(r?.match, undefined, `matched ${r?.match?.place.purl} ${r?.match?.lines}`)
})
