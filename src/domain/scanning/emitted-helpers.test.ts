// The helpers compilers emit (data/emitted-helpers) are no snippet match: a tsc ES5 build (FIXTURE
// test/fixtures/emitted-helpers/ledger.es5.js) shares its helper preamble with another package's build and matches
// nothing there, while its own code under the preamble still matches a package that holds it.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { ownCode } from '../../../test/fixtures/scan/own-code.ts'
import { memoryScanIndex } from '../../../test/helpers/memory-scan-index.ts'
import { readEmittedHelpers } from '../../reference/emitted-helpers.ts'
import { emittedHelperNoise } from './emitted-helpers.ts'
import { scanWfp } from './scan.ts'
import type { WfpFile } from './wfp.ts'
import { fingerprints, possibleFingerprints } from './winnowing.ts'

const compiled = readFileSync(new URL('../../../test/fixtures/emitted-helpers/ledger.es5.js', import.meta.url), 'utf8')
const lines = compiled.split('\n')
const ownFrom = lines.findIndex((l) => l.startsWith('Object.defineProperty(exports, "__esModule"'))
const preamble = lines.slice(2, ownFrom)
const own = lines.slice(ownFrom)

const posted = (text: string): WfpFile => ({
  md5: 'a'.repeat(32),
  size: text.length,
  path: 'dist/ledger.js',
  snippets: fingerprints(Buffer.from(text)),
})
const held = (purl: string, text: string[]) => ({
  purl,
  version: '1.0.0',
  path: 'dist/index.js',
  content: Buffer.from(text.join('\n')),
})
const opts = { flags: 0, settings: {}, emittedHelpers: readEmittedHelpers }

test('the fingerprints are computed once per loader: every value a gram of its texts takes', async () => {
  const noise = await emittedHelperNoise(readEmittedHelpers)
  assert.equal(await emittedHelperNoise(readEmittedHelpers), noise)
  const mine = async () => ['function ledgerTotal(accounts) { return accounts.length }']
  assert.deepEqual(await emittedHelperNoise(mine), possibleFingerprints(Buffer.from((await mine())[0] as string)))
})

test("a tsc helper preamble shared with another package's build is no snippet match", async () => {
  assert.ok(ownFrom > 100 && own.length > 100, 'the FIXTURE has its preamble, then its own code')
  const index = memoryScanIndex([held('pkg:npm/fx-other-build', [...preamble, ...ownCode(12, 0, 5)])])
  const [without] = await scanWfp([posted(compiled)], index, { ...opts, emittedHelpers: undefined })
  assert.equal(without?.match?.id, 'snippet', 'without the emitted helpers, the preamble alone matches')
  const [r] = await scanWfp([posted(compiled)], index, opts)
  assert.equal(r?.match, undefined, `matched ${r?.match?.place.purl} ${r?.match?.lines}`)
})

test('own code under the preamble still matches the package that holds it', async () => {
  const index = memoryScanIndex([
    held('pkg:npm/fx-other-build', [...preamble, ...ownCode(12, 0, 5)]),
    held('pkg:npm/fx-ledger', [...ownCode(3, 0, 9), ...own]),
  ])
  const [r] = await scanWfp([posted(compiled)], index, opts)
  assert.equal(r?.match?.place.purl, 'pkg:npm/fx-ledger')
  const [from] = (r?.match?.lines ?? '').split(/[-,]/).map(Number)
  assert.ok((from ?? 0) >= ownFrom, `lines ${r?.match?.lines} start in the own code (line ${ownFrom + 1} on)`)
})
