// The CBOM table (data/crypto-cbom): it covers the catalogue exactly, names only what the CycloneDX schemas allow,
// carries the values its README cites; FIXTURE tables with a malformed or unsourced row are refused.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { SCHEMA_DIR } from '../../reference/cyclonedx-schema.ts'
import { loadCatalogue } from './catalogue.ts'
import { loadCbomTable } from './cbom-table.ts'

const schema = (file: string) => JSON.parse(readFileSync(new URL(file, SCHEMA_DIR), 'utf8'))

test('every catalogue algorithm has a row; families, primitives and modes are the schemas’ own', () => {
  const catalogue = loadCatalogue()
  assert.deepEqual(
    catalogue.filter((a) => !a.cbom).map((a) => a.id),
    [],
  )
  const families = new Set(schema('cryptography-defs.SNAPSHOT.schema.json').definitions.algorithmFamiliesEnum.enum)
  const algorithm = schema('bom-1.7.SNAPSHOT.schema.json').definitions.cryptoProperties.properties.algorithmProperties
  const primitives = new Set(algorithm.properties.primitive.enum)
  const modes = new Set(algorithm.properties.mode.enum)
  for (const { id, cbom } of catalogue) {
    if (cbom?.family) assert.ok(families.has(cbom.family), `${id}: ${cbom.family}`)
    if (cbom?.primitive) assert.ok(primitives.has(cbom.primitive), `${id}: ${cbom.primitive}`)
    if (cbom?.mode) assert.ok(modes.has(cbom.mode), `${id}: ${cbom.mode}`)
  }
  const row = (id: string) => catalogue.find((a) => a.id === id)?.cbom
  assert.deepEqual(row('aes'), {
    name: 'AES',
    primitive: 'block-cipher',
    family: 'AES',
    oid: '2.16.840.1.101.3.4.1',
    classicalSecurityLevel: 128,
    nistQuantumSecurityLevel: 1,
    levelsAreLowest: true,
  })
  assert.deepEqual(row('cbc'), { name: 'CBC', mode: 'cbc' })
  assert.equal(row('ed25519')?.oid, '1.3.101.112')
  assert.equal(row('sha2')?.oid, undefined, 'SHA-2 has an OID per digest size, none for the family')
  assert.equal(row('mlkem')?.nistQuantumSecurityLevel, 1)
})

test('a malformed or unsourced row, or one naming no catalogue algorithm, is refused', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-cbom-'))
  const table = (rows: unknown[]) => {
    const file = path.join(dir, `t${Math.random()}.json`)
    writeFileSync(file, JSON.stringify(rows))
    return file
  }
  const ok = { id: 'fx', name: 'FX' }
  assert.deepEqual(loadCbomTable(table([ok])).get('fx'), { name: 'FX' })
  const refused: [unknown[], RegExp][] = [
    [[{ ...ok, oid: '1.2.3' }], /oid without oid_source/],
    [[{ ...ok, oid: '1.02.3', oid_source: 'FIXTURE' }], /not an OID/],
    [[{ ...ok, primitive: 'cipher', primitive_source: 'FIXTURE' }], /unknown primitive/],
    [[{ ...ok, mode: 'cbc', primitive: 'hash', primitive_source: 'FIXTURE' }], /no primitive/],
    [[{ ...ok, nist_quantum_security_level: 7, nist_quantum_source: 'FIXTURE' }], /0 to 6/],
    [[{ ...ok, classical_security_level: 128 }], /without classical_source/],
    [[ok, ok], /twice/],
    [[{ id: 'fx' }], /needs an id and a name/],
  ]
  for (const [rows, message] of refused) assert.throws(() => loadCbomTable(table(rows)), message)
  assert.throws(
    () => loadCatalogue(undefined, undefined, table([ok])),
    /the CBOM table and the catalogue differ on: .*fx/,
  )
})
