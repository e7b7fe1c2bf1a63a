import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { parseCrateManifest } from './crate-manifest.ts'

const kind = (k: string) => (err: unknown) => err instanceof UpstreamRefused && err.kind === k
// FIXTURE: cfg-if 1.0.0's Cargo.toml as Debian's librust-cfg-if-dev ships it (test/fixtures/cargo-index/README.md)
const CFG_IF = readFileSync(
  path.join(import.meta.dirname, '../../../../test/fixtures/cargo-index/cfg-if-1.0.0/Cargo.toml'),
  'utf8',
)

test("a crate's Cargo.toml: the old `MIT/Apache-2.0` license form, description, URLs", () => {
  const m = parseCrateManifest(CFG_IF, 'cfg_if', '1.0.0')
  assert.equal(m.name, 'cfg-if')
  assert.equal(m.license?.expression, '(MIT OR Apache-2.0)')
  assert.equal(m.licenseFile, null)
  assert.equal(m.homepageUrl, 'https://github.com/alexcrichton/cfg-if')
  assert.equal(m.documentationUrl, 'https://docs.rs/cfg-if')
})

test('license-file without a license; another crate or version, or no [package], is refused', () => {
  const m = parseCrateManifest('[package]\nname = "x"\nversion = "1.0.0"\nlicense-file = "LICENSE.txt"\n', 'x', '1.0.0')
  assert.equal(m.license, null)
  assert.equal(m.licenseFile, 'LICENSE.txt')
  assert.throws(() => parseCrateManifest(CFG_IF, 'libc', '1.0.0'), kind('identity'))
  assert.throws(() => parseCrateManifest(CFG_IF, 'cfg-if', '1.0.1'), kind('identity'))
  assert.throws(() => parseCrateManifest('[lib]\n', 'x', '1.0.0'), kind('format'))
  assert.throws(() => parseCrateManifest('[package', 'x', '1.0.0'), kind('format'))
})
