// mapPackument checks identity before it maps (check-identity.ts), and drops dependencies npm could never install.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { mapPackument } from './map-packument.ts'

/** FIXTURE: one version depending on a real name, an old mixed-case one and names npm's rules reject. */
const PACKUMENT = {
  name: 'fx-map',
  'dist-tags': { latest: '1.0.0' },
  versions: {
    '1.0.0': {
      name: 'fx-map',
      version: '1.0.0',
      dependencies: { 'loose-envify': '^1.1.0', JSONStream: '^1.3.5', '<img src=x>': '*', 'x?a=b#c': '1', '': '1' },
    },
  },
}

test('dependencies whose names npm rejects are dropped; the others are kept', () => {
  const { versions } = mapPackument('fx-map', PACKUMENT, '2026-01-01T00:00:00.000Z')
  assert.deepEqual(
    versions[0]?.dependencies.map((d) => d.name),
    ['loose-envify', 'JSONStream'],
  )
})

test('the packument of another package is refused before anything is mapped', () => {
  assert.throws(() => mapPackument('ci-rename', PACKUMENT, '2026-01-01T00:00:00.000Z'), UpstreamRefused)
})
