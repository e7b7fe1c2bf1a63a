// mapIndexProject over JSON API documents in the index's format (made up for the test: the versions, dates and
// yanked reason): every PEP 440 version listed, each read release's license and Requires-Dist, the others without.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { mapIndexProject } from './map-index.ts'
import { mapPypiJson, mapPypiReleaseJson } from './registry/map-pypi-json.ts'

const file = (version: string, uploaded: string, yanked: string | null = null) => ({
  filename: `demo_pkg-${version}-py3-none-any.whl`,
  upload_time_iso_8601: uploaded,
  yanked: yanked !== null,
  yanked_reason: yanked,
})
const info = (version: string, license: string, requires: string[]) => ({
  name: 'Demo.Pkg',
  version,
  license_expression: license,
  requires_dist: requires,
  summary: 'A demo',
  project_urls: { Source: 'https://example.invalid/demo' },
})

test('every PEP 440 version, the latest and the read releases with their license and requirements', () => {
  const doc = {
    info: info('2.0', 'MIT', ['idna>=2.5', "pytest; extra == 'test'"]),
    releases: {
      '1.0': [file('1.0', '2020-01-01T00:00:00Z')],
      '1.1': [file('1.1', '2020-06-01T00:00:00Z', 'broken wheel')],
      '2.0': [file('2.0', '2021-01-01T00:00:00Z')],
      '2.1': [file('2.1', 'next tuesday')],
      'not a version': [file('not a version', '2019-01-01T00:00:00Z')],
    },
  }
  const project = mapPypiJson(JSON.stringify(doc), 'demo-pkg', '2026-11-28T00:00:00.000Z')
  const release = mapPypiReleaseJson(JSON.stringify({ info: info('1.0', 'Apache-2.0', []) }), 'demo_pkg', '1.0')
  const { component, versions } = mapIndexProject('Demo_Pkg', project, new Map([['1.0', release]]))
  assert.deepEqual(
    [component.purl, component.latestVersion, component.repositoryUrl, component.registryModified],
    ['pkg:pypi/demo-pkg', '2.0', 'https://example.invalid/demo', '2021-01-01T00:00:00.000Z'],
  )
  assert.deepEqual(
    versions.map((v) => [v.version, v.releasedAt, v.status, v.statusRaw, v.license?.expression ?? null]),
    [
      ['1.0', '2020-01-01T00:00:00.000Z', 'active', null, 'Apache-2.0'],
      ['1.1', '2020-06-01T00:00:00.000Z', 'deprecated', 'yanked: broken wheel', null],
      ['2.0', '2021-01-01T00:00:00.000Z', 'active', null, 'MIT'],
      ['2.1', null, 'active', null, null], // an upload time that is no date is not kept
    ],
  )
  assert.deepEqual(versions[2]?.dependencies, [
    { scope: 'runtime', name: 'idna', requirement: '>=2.5' },
    { scope: 'optional', name: 'pytest', requirement: "; extra == 'test'" },
  ])
  assert.ok(versions.every((v) => v.source === 'pypi-registry' && v.asOf === '2026-11-28T00:00:00.000Z'))
})
