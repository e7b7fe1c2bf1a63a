// The shipped OSADL data (data/osadl/osadl.json): what it says on licenses, and that it is what its shipped
// checklists give.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { test } from 'node:test'
import { copyleftClass, osadlLicense, osadlLicenseType, osadlSources } from './osadl.ts'
import { parseOsloc } from './osloc.ts'

const DIR = new URL('../../../data/osadl/checklists/', import.meta.url)

test('copyleftClass: the checklist’s COPYLEFT CLAUSE; no checklist → undefined, never guessed', () => {
  assert.equal(copyleftClass('GPL-2.0-only'), 'Yes')
  assert.equal(copyleftClass('lgpl-3.0-only'), 'Yes')
  assert.equal(copyleftClass('MIT'), 'No')
  assert.equal(copyleftClass('Apache-2.0'), 'No')
  // in the matrix but without a shipped checklist
  assert.ok(osadlLicense('ISC'))
  assert.equal(copyleftClass('ISC'), undefined)
  assert.equal(copyleftClass('Beerware'), undefined)
  assert.equal(copyleftClass('LicenseRef-Custom'), undefined)
})

test('osadlLicenseType: COPYLEFT, PERMISSIVE from a checklist, else UNKNOWN', () => {
  assert.deepEqual(['AGPL-3.0-only', 'MPL-2.0', 'BSD-3-Clause', 'Unlicense', 'ISC', 'Beerware'].map(osadlLicenseType), [
    'COPYLEFT',
    'COPYLEFT',
    'PERMISSIVE',
    'PERMISSIVE',
    'UNKNOWN',
    'UNKNOWN',
  ])
})

test('osadlLicense: matrix row and checklist together; matrix only; nothing', () => {
  const gpl = osadlLicense('gpl-2.0-only')
  assert.equal(gpl?.id, 'GPL-2.0-only')
  assert.deepEqual([gpl?.copyleftClause, gpl?.patentHints, gpl?.useCases.length], ['Yes', true, 2])
  assert.ok(gpl?.incompatibility.includes('Apache-2.0') && gpl.incompatibility.includes('GPL-3.0-only'))
  assert.ok(gpl?.dependingCompatibility.includes('LGPL-2.1-or-later'))
  const isc = osadlLicense('ISC')
  assert.deepEqual([isc?.copyleftClause, isc?.patentHints, isc?.useCases], [undefined, undefined, []])
  assert.ok(isc?.compatibility.includes('MIT'))
  assert.equal(osadlLicense('Beerware'), undefined)
})

test('the shipped osadl.json is what the shipped checklists give, and names its sources', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.txt'))
  assert.equal(files.length, 20)
  for (const f of files) {
    const { useCases, copyleftClause, patentHints } = parseOsloc(readFileSync(new URL(f, DIR), 'utf8'))
    const l = osadlLicense(f.slice(0, -4))
    assert.deepEqual(
      { useCases: l?.useCases, copyleftClause: l?.copyleftClause, patentHints: l?.patentHints },
      { useCases, copyleftClause, patentHints: patentHints === 'Yes' },
      f,
    )
  }
  assert.equal(osadlSources.checklists.commit, '394eb6ddc59d8718a4519da5b8d33ce85b34e425')
  assert.equal(osadlSources.matrix.timestamp, '2024-11-04T13:45:00+0000')
})
