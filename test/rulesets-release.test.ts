// Ruleset releases: deterministic archives (same rules → same bytes), the stored latest releases (dca, keywords,
// semgrep) equal to what the current rule sources build, the checksums of both manifests, and the immutability of a released version.
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { gunzipSync } from 'node:zlib'
import { publishRulesets } from '../src/rules/release/publish.ts'
import { buildRelease, rulesChecksum, sha256Hex } from '../src/rules/release/release.ts'
import { RULESETS_SOURCE_DIR, readRuleFiles } from '../src/rules/release/sources.ts'
import { RULESETS_STORE_DIR, storedArchive, storedLatest, storedManifest } from '../src/rules/release/store.ts'
import { readTarGz } from './helpers/tar-read.ts'

const DATE = '2026-01-02T00:00:00Z'

test('building twice gives the same bytes, whatever the order of the files', () => {
  const files = readRuleFiles('dca')
  const a = buildRelease('dca', 'v1.2.3', DATE, files)
  const b = buildRelease('dca', 'v1.2.3', DATE, [...files].reverse())
  assert.ok(a.archive.equals(b.archive))
  assert.equal(a.storeManifest.checksum_sha256, sha256Hex(a.archive))
  // gzip header: no timestamp (MTIME 0), fixed OS byte
  assert.equal(a.archive.readUInt32LE(4), 0)
  assert.equal(a.archive[9], 3)
  assert.ok(!a.archive.equals(buildRelease('dca', 'v1.2.3', '2026-01-03T00:00:00Z', files).archive))
})

test('entries are sorted, with the release date as mtime; the inner manifest carries the rules checksum', () => {
  const files = readRuleFiles('keywords')
  const r = buildRelease('keywords', 'v2.0.0', DATE, files)
  const entries = readTarGz(r.archive)
  const paths = entries.map((e) => e.path)
  assert.deepEqual(
    paths,
    [...paths].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))),
  )
  for (const e of entries) assert.equal(e.mtime, Date.parse(DATE) / 1000)
  const inner = JSON.parse(String(entries.find((e) => e.path === 'keywords-v2.0.0/manifest.json')?.content))
  assert.equal(inner.checksum_sha256, rulesChecksum(files))
  assert.equal(inner.checksum_sha256, r.manifest.checksum_sha256)
  assert.notEqual(inner.checksum_sha256, r.storeManifest.checksum_sha256)
})

for (const type of ['dca', 'keywords', 'semgrep'] as const) {
  test(`${type}: the stored latest release is what the current rule sources build (release a new version after a change)`, () => {
    const latest = storedLatest(type) as string
    assert.match(latest, /^v\d+\.\d+\.\d+$/)
    const manifest = storedManifest(type, latest)
    const archive = storedArchive(type, latest)
    assert.ok(manifest && archive)
    assert.equal(manifest.checksum_sha256, sha256Hex(archive))
    assert.equal(manifest.name, type)
    const fresh = buildRelease(type, latest, manifest.created_at, readRuleFiles(type))
    assert.ok(
      gunzipSync(archive).equals(fresh.tar),
      `rules changed since ${type} ${latest}: npm run rulesets:build -- --version vX.Y.Z`,
    )
    assert.equal(fresh.storeManifest.description, manifest.description)
  })
}

test('publishing: created, then unchanged; a changed rule needs a new version; latest follows the highest', () => {
  const store = mkdtempSync(path.join(tmpdir(), 'ruleset-store-'))
  const sources = mkdtempSync(path.join(tmpdir(), 'ruleset-src-'))
  try {
    cpSync(path.join(RULESETS_SOURCE_DIR, 'dca'), path.join(sources, 'dca'), { recursive: true })
    const opts = { types: ['dca'] as const, storeDir: store, sourceDir: sources }
    assert.throws(() => publishRulesets(opts), /no release yet/)
    const first = publishRulesets({ ...opts, version: 'v1.0.0', createdAt: DATE })
    assert.equal(first[0]?.status, 'created')
    const bytes = readFileSync(path.join(store, 'dca', 'v1.0.0', 'dca-v1.0.0.tar.gz'))
    assert.equal(publishRulesets(opts)[0]?.status, 'unchanged')
    assert.throws(
      () => publishRulesets({ ...opts, version: 'v1.0.0', createdAt: '2030-01-01T00:00:00Z' }),
      /created_at/,
    )
    const rule = path.join(sources, 'dca', 'go', 'stdlib.yaml')
    writeFileSync(rule, `${readFileSync(rule, 'utf8')}\n# changed\n`)
    assert.throws(() => publishRulesets(opts), /new --version/)
    assert.ok(readFileSync(path.join(store, 'dca', 'v1.0.0', 'dca-v1.0.0.tar.gz')).equals(bytes))
    const next = publishRulesets({ ...opts, version: 'v1.1.0', createdAt: DATE })
    assert.equal(next[0]?.latest, 'v1.1.0')
    assert.equal(storedLatest('dca', store), 'v1.1.0')
    // a patch of an older line does not move latest
    assert.equal(publishRulesets({ ...opts, version: 'v1.0.1', createdAt: DATE })[0]?.latest, 'v1.1.0')
    assert.throws(() => publishRulesets({ ...opts, version: '1.2.0' }), /v<MAJOR>/)
  } finally {
    rmSync(store, { recursive: true, force: true })
    rmSync(sources, { recursive: true, force: true })
  }
})

test('the release store is the default data/rulesets', () => {
  assert.ok(RULESETS_STORE_DIR.replaceAll('\\', '/').endsWith('data/rulesets/'))
})
