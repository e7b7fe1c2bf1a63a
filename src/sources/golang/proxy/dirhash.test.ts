// The h1 hashes checked against the go command's: go.sum values the go command computed for the same bytes (the
// synthesized go.mod of a module without one is in every go.sum that requires github.com/pkg/errors v0.9.1).
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { test } from 'node:test'
import { checkSum, goModHash, hash1 } from './dirhash.ts'

test("a go.mod's h1 is the go command's", () => {
  assert.equal(
    goModHash(Buffer.from('module github.com/pkg/errors\n')),
    'h1:bwawxfHBFNV+L2hUp1rHADufV3IMtnDRdf1r5NINEl0=',
  )
  assert.equal(
    goModHash(Buffer.from('module github.com/BurntSushi/toml\n\ngo 1.16\n')),
    'h1:CxXYINrC8qIiEnFrOxCa7Jy5BFHlXnUU2pbicEuybxQ=',
  )
})

test('files are hashed in the byte order of their names, whatever order they come in', () => {
  const sha = (s: string) => createHash('sha256').update(s).digest('hex')
  // 'Z' < 'a' < 'é' (0xC3 0xA9) < '😀' (0xF0 …) in UTF-8 bytes; UTF-16 code units would put '😀' (0xD83D) first
  const files = [
    { name: 'm@v1.0.0/😀', sha256: sha('4') },
    { name: 'm@v1.0.0/é', sha256: sha('3') },
    { name: 'm@v1.0.0/a', sha256: sha('2') },
    { name: 'm@v1.0.0/Z', sha256: sha('1') },
  ]
  const lines = [...files]
    .reverse()
    .map((f) => `${f.sha256}  ${f.name}\n`)
    .join('')
  assert.equal(hash1(files), `h1:${createHash('sha256').update(lines).digest('base64')}`)
  assert.throws(() => hash1([{ name: 'a\nb', sha256: sha('') }]), /newlines/)
})

test("go.sum's hashes: a match verifies, another h1 refuses, none (or only other algorithms) leaves it unverified", () => {
  assert.equal(checkSum(['h1:abc='], 'h1:abc=', 'x'), true)
  assert.equal(checkSum([], 'h1:abc=', 'x'), false)
  assert.equal(checkSum(['h2:zzz='], 'h1:abc=', 'x'), false)
  assert.throws(() => checkSum(['h1:zzz='], 'h1:abc=', 'x'), { name: 'UpstreamRefused', kind: 'integrity' })
})
