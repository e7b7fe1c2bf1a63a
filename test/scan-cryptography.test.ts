// The scan's cryptography block per matched file (docs/scanning.md "Answer", docs/cryptography.md "Per file"): exact
// copies of crypto-js's md5.js and sha256.js (FIXTURE package fixture-cryptojs, real MIT files of crypto-js 4.2.0, in
// which three other files come first in the evidence of MD5, HMAC and SHA-2) answer the algorithms of the file
// itself, a copy with the other line endings too, a fragment of sha256.js pasted into our own code answers those of
// the file it matched, and a copy of a file without cryptography answers [].
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { after, before, test } from 'node:test'
import { wfpForFile } from '../src/domain/scanning/winnowing.ts'
import { ownCode } from './fixtures/scan/own-code.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

type Match = { id: string; file?: string; cryptography?: { algorithm: string; strength: string }[] }

const text = (file: string) =>
  readFileSync(new URL(`fixtures/npm/fixture-cryptojs/4.2.0/${file}`, import.meta.url), 'utf8')
let f: IngestedFixtures
let url: string

before(async () => {
  f = await ingestedFixtures(['fixture-cryptojs'])
  await f.t.app.listen({ host: '127.0.0.1', port: 0 })
  url = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}/scan/direct`
})
after(() => f.close())

async function scan(files: Record<string, string>, flags?: number): Promise<Record<string, Match | undefined>> {
  const form = new FormData()
  if (flags !== undefined) form.append('flags', String(flags))
  const wfp = Object.entries(files)
    .map(([name, t]) => wfpForFile(name, Buffer.from(t)))
    .join('')
  form.append('file', new Blob([wfp]), 'request.wfp')
  const res = await fetch(url, { method: 'POST', body: form, headers: { 'x-api-key': f.t.keys.full } })
  assert.equal(res.status, 200)
  const body = (await res.json()) as Record<string, Match[]>
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v[0]]))
}

test('exact copies of md5.js and sha256.js answer their own algorithms; a file without cryptography []', async () => {
  const got = await scan({
    'vendor/md5.js': text('md5.js'),
    'vendor/sha256.js': text('sha256.js'),
    'vendor/enc-hex.js': text('enc-hex.js'),
  })
  assert.equal(got['vendor/md5.js']?.id, 'file')
  assert.deepEqual(got['vendor/md5.js']?.cryptography, [
    { algorithm: 'hmac', strength: 'Strong' },
    { algorithm: 'md5', strength: 'Weak' },
  ])
  assert.deepEqual(got['vendor/sha256.js']?.cryptography, [
    { algorithm: 'hmac', strength: 'Strong' },
    { algorithm: 'sha2', strength: 'Strong' },
  ])
  assert.equal(got['vendor/enc-hex.js']?.id, 'file')
  assert.deepEqual(got['vendor/enc-hex.js']?.cryptography, [])
})

test('a copy with the other line endings and a pasted fragment answer the algorithms of the file matched', async () => {
  const sha = text('sha256.js').split('\n')
  const fragment = [...ownCode(3, 0, 5), ...sha.slice(40, 160), ...ownCode(3, 3, 5)].join('\n')
  const got = await scan({ 'crlf/md5.js': text('md5.js').replaceAll('\n', '\r\n'), 'src/digest.js': fragment })
  assert.equal(got['crlf/md5.js']?.id, 'file')
  assert.deepEqual(
    got['crlf/md5.js']?.cryptography?.map((c) => c.algorithm),
    ['hmac', 'md5'],
  )
  assert.equal(got['src/digest.js']?.id, 'snippet')
  assert.equal(got['src/digest.js']?.file, 'sha256.js')
  assert.deepEqual(
    got['src/digest.js']?.cryptography?.map((c) => c.algorithm),
    ['hmac', 'sha2'],
  )
})

test('flag 128 leaves the block out', async () => {
  const got = await scan({ 'vendor/md5.js': text('md5.js') }, 128)
  assert.equal(got['vendor/md5.js']?.id, 'file')
  assert.equal('cryptography' in (got['vendor/md5.js'] ?? {}), false)
})
