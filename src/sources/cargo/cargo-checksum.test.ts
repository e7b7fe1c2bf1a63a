// .cargo-checksum.json: Debian's (the .crate's SHA-256, or a sentence when it had none; no files) and cargo vendor's
// (every file's SHA-256), checked against a crate folder; a tampered, missing or unlisted file refuses the folder.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { parseCargoChecksum, verifyCrateFiles } from './cargo-checksum.ts'

const sha = (s: string) => createHash('sha256').update(s).digest('hex')

test("Debian's checksum files: the .crate's SHA-256, or none", () => {
  // as librust-itoa-dev 1.0.1-2 and librust-lazy-static-dev 1.4.0-2 ship them (test/fixtures/debian/repo)
  const itoa = '{"package":"1aab8fc367588b89dcee83ab0fd66b72b50b72fa1904d7095045ace2b0c81c35","files":{}}'
  assert.deepEqual(parseCargoChecksum(itoa), {
    crate: '1aab8fc367588b89dcee83ab0fd66b72b50b72fa1904d7095045ace2b0c81c35',
    files: new Map(),
  })
  const lazy = '{"package":"Could not get crate checksum","files":{}}'
  assert.deepEqual(parseCargoChecksum(lazy), { crate: null, files: new Map() })
})

test('checksum files refused: not JSON, digests that are not SHA-256, paths out of the folder', () => {
  const refused = (text: string) =>
    assert.throws(
      () => parseCargoChecksum(text),
      (e: unknown) => e instanceof UpstreamRefused,
      text,
    )
  refused('{')
  refused('[]')
  refused('{"files":[]}')
  refused('{"files":{"a.rs":"md5"}}')
  for (const bad of ['../x', '/etc/passwd', 'a//b', './a', 'a\\b', ''])
    refused(JSON.stringify({ files: { [bad]: sha('') } }))
})

test('a folder checked against its files: tampered, missing and unlisted files refused', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-cksum-'))
  try {
    mkdirSync(path.join(dir, 'src'))
    writeFileSync(path.join(dir, 'Cargo.toml'), '[package]\n')
    writeFileSync(path.join(dir, 'src', 'lib.rs'), 'pub fn f() {}\n')
    const files = ['Cargo.toml', 'src/lib.rs']
    const listed = { 'Cargo.toml': sha('[package]\n'), 'src/lib.rs': sha('pub fn f() {}\n') }
    const checksum = parseCargoChecksum(JSON.stringify({ package: sha('crate'), files: listed }))
    await verifyCrateFiles(dir, files, checksum)
    // an empty list (Debian's) checks nothing
    await verifyCrateFiles(dir, files, parseCargoChecksum('{"files":{}}'))
    const integrity = (e: unknown) => e instanceof UpstreamRefused && e.kind === 'integrity'
    writeFileSync(path.join(dir, 'src', 'lib.rs'), 'pub fn f() { evil() }\n')
    await assert.rejects(
      verifyCrateFiles(dir, files, checksum),
      (e: unknown) => integrity(e) && /src\/lib\.rs differs/.test(String(e)),
    )
    await assert.rejects(verifyCrateFiles(dir, ['Cargo.toml'], checksum), /src\/lib\.rs is listed/)
    writeFileSync(path.join(dir, 'src', 'lib.rs'), 'pub fn f() {}\n')
    writeFileSync(path.join(dir, 'build.rs'), 'fn main() {}\n')
    await assert.rejects(verifyCrateFiles(dir, [...files, 'build.rs'], checksum), /build\.rs is not in/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
