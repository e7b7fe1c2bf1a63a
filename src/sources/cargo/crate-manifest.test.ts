// Cargo.toml as published, read from the real manifests the FIXTURE repository's librust-*-dev packages ship
// (test/fixtures/debian/repo, README there), and manifests refused.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { MAX_MANIFEST_BYTES, parseCrateManifest } from './crate-manifest.ts'

const POOL = fileURLToPath(new URL('../../../test/fixtures/debian/repo/pool/main/r/', import.meta.url))

/** A file of a fixture .deb, as it ships it. */
function shipped(deb: string, file: string): string {
  const script = 'dpkg-deb --fsys-tarfile "$1" | tar -xO "$2"'
  return execFileSync('bash', ['-c', script, '-', `${POOL}${deb}`, `./${file}`], { encoding: 'utf8' })
}

const ITOA = shipped('rust-itoa/librust-itoa-dev_1.0.1-2_amd64.deb', 'usr/share/cargo/registry/itoa-1.0.1/Cargo.toml')
const EITHER = shipped(
  'rust-either/librust-either-dev_1.6.1-1_amd64.deb',
  'usr/share/cargo/registry/either-1.6.1/Cargo.toml',
)

test("itoa 1.0.1's manifest: its package fields", () => {
  const m = parseCrateManifest(ITOA)
  const { tables, ...fields } = m
  assert.deepEqual(fields, {
    name: 'itoa',
    version: '1.0.1',
    license: 'MIT OR Apache-2.0',
    licenseFile: null,
    description: 'Fast integer primitive to string conversion',
    homepage: null,
    repository: 'https://github.com/dtolnay/itoa',
    rustVersion: '1.36',
    edition: '2018',
  })
  assert.equal((tables.package as { name: string }).name, 'itoa')
})

test("either 1.6.1's manifest: the old license form, its dependency tables kept as written", () => {
  const m = parseCrateManifest(EITHER)
  assert.equal(m.license, 'MIT/Apache-2.0')
  assert.equal(m.edition, null)
  // smol-toml's tables have no prototype (a `__proto__` key is a key)
  const plain = (x: unknown) => JSON.parse(JSON.stringify(x))
  assert.deepEqual(plain(m.tables.dependencies), { serde: { version: '1.0', features: ['derive'], optional: true } })
  assert.deepEqual(plain(m.tables['dev-dependencies']), { serde_json: { version: '1.0.0' } })
  assert.deepEqual(plain(m.tables.features), { default: ['use_std'], use_std: [] })
})

test('a license-file, fields of the wrong type read as none', () => {
  const m = parseCrateManifest('[package]\nname = "x"\nversion = "0.1.0"\nlicense-file = "LICENSE.txt"\nhomepage = 3\n')
  assert.equal(m.licenseFile, 'LICENSE.txt')
  assert.equal(m.license, null)
  assert.equal(m.homepage, null)
})

test('manifests refused: not TOML, no package, no name or version, a version not a string, too large', () => {
  const refused = (text: string, kind: string) =>
    assert.throws(
      () => parseCrateManifest(text),
      (e: unknown) => e instanceof UpstreamRefused && e.kind === kind,
      text.slice(0, 60),
    )
  refused('[package\nname = "x"', 'format')
  refused('name = "x"\nversion = "1.0.0"', 'format')
  refused('[package]\nname = "x"', 'format')
  refused('[package]\nname = "x"\nversion = { workspace = true }', 'format')
  refused(`[package]\nname = "x"\nversion = "1.0.0"\ndescription = "${'a'.repeat(MAX_MANIFEST_BYTES)}"`, 'size')
})
