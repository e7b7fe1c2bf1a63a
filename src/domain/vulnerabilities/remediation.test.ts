// The nearest upgrade that fixes a version's known vulnerabilities, over FIXTURE advisories and versions (made up to
// pin each rule; the real cases — lodash, Debian's openssl, a crate never fixed — are in test/remediation-seed.test.ts).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { KnownVersion } from '../catalog/types.ts'
import { schemeFor } from '../shared/versions/index.ts'
import { mergeAdvisories, type Vulnerability } from './merge.ts'
import { isAffected, type OsvEvent } from './osv-match.ts'
import { isSevere, majorOf, remediationPlanner } from './remediation.ts'
import type { PackageAdvisory } from './types.ts'

/** A FIXTURE advisory of one npm package: one SEMVER range, rated by its database's word. */
function advisory(id: string, events: OsvEvent[], severity: string | null = null): PackageAdvisory {
  return {
    advisory: {
      id: `FIXTURE-${id}`,
      source: 'fixture',
      aliases: [],
      summary: '',
      details: '',
      published: null,
      modified: '2026-01-01T00:00:00Z',
      withdrawn: null,
      severity: [],
      databaseSeverity: severity,
      cweIds: [],
      references: [],
    },
    affected: { ecosystem: 'npm', purlType: 'npm', purlName: 'fixture', ranges: [{ type: 'SEMVER', events }] },
  }
}

function versions(list: string, status: KnownVersion['status'] = 'active'): KnownVersion[] {
  return list
    .split(' ')
    .map((version, id) => ({ id, version, releasedAt: null, status, statusRaw: null, indexedAt: '' }))
}

const NO_FACTS = { epss: new Map(), kev: new Map() }

/** The remediation of `version` as the answers compute it: findings are the advisories affecting it, merged. */
function remediate(version: string, advisories: PackageAdvisory[], known: KnownVersion[], type = 'npm') {
  const scheme = schemeFor(type)
  const all = mergeAdvisories(advisories, NO_FACTS)
  const findings = mergeAdvisories(
    advisories.filter((a) => isAffected(version, a.affected, scheme)),
    NO_FACTS,
  )
  return remediationPlanner({ scheme, advisories, vulnerabilities: all, versions: known })(version, findings)
}

const A = advisory('A', [{ introduced: '0' }, { fixed: '1.2.3' }], 'HIGH')
const B = advisory('B', [{ introduced: '1.0.0' }, { fixed: '1.4.0' }], 'LOW')

test('the nearest later version neither advisory affects, in semver order (1.10.0 after 1.9.0)', () => {
  const known = versions('1.0.0 1.2.3 1.3.0 1.10.0 1.9.0 1.4.0 2.0.0')
  assert.deepEqual(remediate('1.0.0', [A, B], known), {
    fixesAll: { version: '1.4.0', sameMajor: true },
    fixesSevere: { version: '1.2.3', sameMajor: true },
  })
})

test('no severe finding: fixesSevere is left out', () => {
  assert.deepEqual(remediate('1.3.0', [A, B], versions('1.3.0 1.4.0')), {
    fixesAll: { version: '1.4.0', sameMajor: true },
  })
})

test('pre-releases and deprecated (yanked), removed or malicious versions are never proposed', () => {
  const known = [
    ...versions('1.0.0 1.4.0-rc.1 1.5.0'),
    ...versions('1.4.0', 'deprecated'),
    ...versions('1.4.1', 'removed'),
    ...versions('1.4.2', 'malicious'),
  ]
  assert.equal(remediate('1.0.0', [A, B], known)?.fixesAll?.version, '1.5.0')
})

test('a fix only in another major is said so (a Debian epoch is part of the major)', () => {
  const C = advisory('C', [{ introduced: '0' }, { fixed: '2.0.0' }, { introduced: '2.0.0' }, { fixed: '2.1.0' }])
  assert.deepEqual(remediate('1.0.0', [C], versions('1.0.0 2.0.0 2.1.0'))?.fixesAll, {
    version: '2.1.0',
    sameMajor: false,
  })
  // Debian: the epoch is part of the major (1:0.5 is above 9.0, another line of versions)
  const D = advisory('D', [{ introduced: '0' }, { fixed: '9.0-1' }])
  const deb = remediate('8.0-1', [D], versions('8.0-1 1:0.5-1 9.0-1'), 'deb')
  assert.deepEqual(deb?.fixesAll, { version: '9.0-1', sameMajor: false })
})

test('a later version that brings another known advisory does not fix all', () => {
  const late = advisory('LATE', [{ introduced: '1.4.0' }, { fixed: '1.5.0' }])
  assert.equal(remediate('1.0.0', [A, B, late], versions('1.4.0 1.5.0'))?.fixesAll?.version, '1.5.0')
})

test('no known version fixes them: null; nothing to fix: undefined', () => {
  const never = advisory('NEVER', [{ introduced: '0' }], 'CRITICAL')
  assert.deepEqual(remediate('1.0.0', [never], versions('1.0.0 2.0.0')), { fixesAll: null, fixesSevere: null })
  assert.equal(remediate('1.4.0', [A, B], versions('1.4.0 1.5.0')), undefined)
  assert.equal(
    remediationPlanner({ scheme: schemeFor('npm'), advisories: [A], vulnerabilities: [], versions: [] })('', []),
    undefined,
  )
})

test('PEP 440 order: 1.0.post1 is after 1.0, 1.0.1 after it; the same version spelt twice is one candidate', () => {
  const P = advisory('P', [{ introduced: '0' }, { fixed: '1.0.1' }])
  P.affected.ranges = [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.0.1' }] }]
  assert.equal(remediate('1.0', [P], versions('1.0 1.0.post1 1.0.1 1.0.1.0'), 'pypi')?.fixesAll?.version, '1.0.1')
})

test('severity: Critical and High are severe, and whatever CISA lists as known exploited', () => {
  const [high] = mergeAdvisories([A], NO_FACTS)
  const [low] = mergeAdvisories([B], NO_FACTS)
  assert.deepEqual([isSevere(high as never), isSevere(low as never)], [true, false])
  assert.equal(isSevere({ ...(low as Vulnerability), kev: { cve: 'CVE-2023-4911' } as never }), true)
})

test('majorOf: epochs, a leading v, leading zeros', () => {
  assert.deepEqual(['v1.2.3', '01.0', '1:2.3-1', '2!3.0', 'beta', '0.9'].map(majorOf), [
    '0:1',
    '0:1',
    '1:2',
    '2:3',
    undefined,
    '0:0',
  ])
})
