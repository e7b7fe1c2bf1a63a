// The indexes of one Debian configuration are one SharedIndexes whichever source's runner asks (Debian's, PyPI's
// from Debian): one apt folder, updated by one fetch at a time, parsed once.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { parseConfig } from '../../config/config.ts'
import { sharedIndexes } from './debian-units.ts'

test('one SharedIndexes per configuration', () => {
  const a = parseConfig({}).growth.debian
  const b = parseConfig({}).growth.debian
  assert.equal(sharedIndexes(a), sharedIndexes(a))
  assert.notEqual(sharedIndexes(a), sharedIndexes(b))
})
