// The CycloneDX schema check on FIXTURE BOMs: the whole document and each item of the long lists, duplicates found
// whatever the key order (as the schema's uniqueItems finds them), unknown versions named.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { cycloneDxErrors, SCHEMA_DIR } from './cyclonedx-schema.ts'

const bom = (extra: Record<string, unknown>, specVersion = '1.6') => ({ bomFormat: 'CycloneDX', specVersion, ...extra })

test('a valid BOM of each version has no errors; a flaw in the document or in any item is named by its pointer', () => {
  const components = [{ type: 'library', name: 'fx-a', version: '1.0.0', purl: 'pkg:npm/fx-a@1.0.0' }]
  for (const v of ['1.4', '1.5', '1.6', '1.7']) assert.deepEqual(cycloneDxErrors(bom({ components }, v)), [], v)
  assert.deepEqual(cycloneDxErrors(bom({ components: [...components, { type: 'bogus', name: 'fx-b' }] })), [
    '/components/1/type must be equal to one of the allowed values',
  ])
  assert.deepEqual(cycloneDxErrors(bom({ dependencies: [{ dependsOn: [] }] })), [
    "/dependencies/0 must have required property 'ref'",
  ])
  assert.deepEqual(cycloneDxErrors(bom({ version: 'one' })), ['/version must be integer'])
})

test('duplicate items are found whatever their key order; other lists are left whole to the schema', () => {
  const a = { type: 'library', name: 'fx-a' }
  const b = { name: 'fx-a', type: 'library' }
  assert.deepEqual(cycloneDxErrors(bom({ components: [a, { type: 'library', name: 'fx-c' }, b] })), [
    '/components must NOT have duplicate items (items ## 0 and 2 are identical)',
  ])
  assert.deepEqual(cycloneDxErrors(bom({ components: [a, { ...b, version: '2' }] })), [])
})

test('a version the schemas do not cover is named', () => {
  assert.deepEqual(cycloneDxErrors(bom({}, '1.3')), [
    '/specVersion: 1.3 is not a CycloneDX version read here (1.4 to 1.7)',
  ])
})

test('the schema files are the ones their README lists, byte for byte as @cyclonedx/cyclonedx-library ships them', () => {
  const readme = readFileSync(new URL('README.md', SCHEMA_DIR), 'utf8')
  const listed = new Map(
    [...readme.matchAll(/^\| `([\w.-]+\.json)` \| `([0-9a-f]{64})` \|/gm)].map((m) => [m[1], m[2]]),
  )
  const files = readdirSync(fileURLToPath(SCHEMA_DIR)).filter((f) => f.endsWith('.json'))
  assert.deepEqual(files.sort(), [...listed.keys()].sort())
  for (const file of files) {
    const sha = createHash('sha256')
      .update(readFileSync(new URL(file, SCHEMA_DIR)))
      .digest('hex')
    assert.equal(sha, listed.get(file), file)
  }
  for (const kept of ['LICENSE', 'NOTICE']) assert.ok(readdirSync(fileURLToPath(SCHEMA_DIR)).includes(kept), kept)
})
