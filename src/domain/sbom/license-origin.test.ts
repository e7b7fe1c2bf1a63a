// Where licenses come from is read at the very version the license answer is of, in every ecosystem: a crate's
// `1.0.188` would be a caret requirement (^1.0.188) if it were sent as one (made-up versions, FIXTURE).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { knownComponent, knownVersion, memoryCatalog } from '../catalog/memory-catalog.test-helper.ts'
import type { LicenseResult } from '../licenses/component-licenses.ts'
import { licenseEntry } from '../licenses/spdx.ts'
import type { LicenseReader, VersionLicenses } from '../licenses/types.ts'
import { SUCCESS } from '../shared/outcome.ts'
import { licenseOrigins } from './license-origin.ts'

const declared = (expression: string): VersionLicenses => ({ expression, declared: expression, facts: [] })

test('the origin is read for the version answered, not for what a bare version means as a requirement', async () => {
  const versions = [knownVersion(1, '1.0.188'), knownVersion(2, '1.0.190')]
  const serde = knownComponent('serde', versions, { type: 'cargo', purl: 'pkg:cargo/serde', purlName: 'serde' })
  const facts = new Map([
    [1, declared('MIT')],
    [2, declared('MIT OR Apache-2.0')],
  ])
  const licenses: LicenseReader = {
    ofVersions: async (ids) => new Map(ids.map((id) => [id, facts.get(id) ?? declared('')])),
    licensedVersions: async () => new Map(),
  }
  const result: LicenseResult = {
    ...{ purl: 'pkg:cargo/serde', requirement: '1.0', version: '1.0.188', url: '', statement: 'MIT' },
    ...{ licenses: [licenseEntry('MIT')], outcome: SUCCESS },
  }
  const [origin] = await licenseOrigins(['pkg:cargo/serde'], [result], { catalog: memoryCatalog([serde]), licenses })
  assert.equal(origin?.declaredExpression, 'MIT')
})
