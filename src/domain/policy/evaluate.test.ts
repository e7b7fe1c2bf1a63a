import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { evaluatePolicy, type PolicyComponent, type PolicyFinding } from './evaluate.ts'
import { readPolicy } from './policy.ts'

const finding = (over: Partial<PolicyFinding>): PolicyFinding => ({
  id: 'CVE-2020-8203',
  aliases: ['GHSA-p6mc-m468-83gw'],
  severity: 'HIGH',
  cvss: 7.4,
  epss: 0.02,
  malicious: false,
  kevDateAdded: null,
  suppressedBy: null,
  ...over,
})
const component = (over: Partial<PolicyComponent>): PolicyComponent => ({
  ref: 'a',
  purl: 'pkg:npm/lodash@4.17.15',
  version: '4.17.15',
  license: 'MIT',
  status: 'active',
  algorithms: [],
  findings: [],
  ...over,
})
const noHigh = readPolicy({ rules: [{ id: 'no-high', when: { severity_at_least: 'high' } }] })

describe('evaluatePolicy', () => {
  it('fails on a finding at or above the severity, naming rule, component, finding and reason', () => {
    const v = evaluatePolicy(noHigh, [component({ findings: [finding({})] })])
    assert.equal(v.verdict, 'fail')
    assert.deepEqual(v.violations, [
      {
        rule: 'no-high',
        action: 'fail',
        component: 'pkg:npm/lodash@4.17.15',
        finding: 'CVE-2020-8203',
        reason: 'severity high',
      },
    ])
    assert.deepEqual(v.summary.rules, [{ id: 'no-high', action: 'fail', violations: 1 }])
  })
  it('passes when the finding is below the severity or suppressed by VEX', () => {
    const low = evaluatePolicy(noHigh, [component({ findings: [finding({ severity: 'MODERATE' })] })])
    assert.equal(low.verdict, 'pass')
    const vexed = evaluatePolicy(noHigh, [component({ findings: [finding({ suppressedBy: 'not_affected' })] })])
    assert.equal(vexed.verdict, 'pass')
    assert.equal(vexed.summary.suppressed, 1)
  })
  it('warns when only warn rules fire, and needs every condition of a rule', () => {
    const policy = readPolicy({
      rules: [
        { id: 'kev', when: { kev: true, epss_at_least: 0.5 }, action: 'fail' },
        { id: 'epss', when: { epss_at_least: 0.5 }, action: 'warn' },
      ],
    })
    const v = evaluatePolicy(policy, [component({ findings: [finding({ epss: 0.9 })] })])
    assert.equal(v.verdict, 'warn')
    const kev = evaluatePolicy(policy, [component({ findings: [finding({ epss: 0.9, kevDateAdded: '2023-11-21' })] })])
    assert.equal(kev.verdict, 'fail')
    assert.match(kev.violations[0]?.reason ?? '', /EPSS 0.9; known exploited \(CISA KEV since 2023-11-21\)/)
  })
  it('evaluates component conditions once per component', () => {
    const policy = readPolicy({
      rules: [
        { id: 'licenses', when: { license_denied: ['GPL-3.0-only'] } },
        { id: 'lifecycle', when: { status_in: ['deprecated'] }, action: 'warn' },
        { id: 'crypto', when: { crypto: ['weak'] } },
        { id: 'malware', when: { malicious: true } },
      ],
    })
    const v = evaluatePolicy(policy, [
      component({ license: 'MIT OR GPL-3.0-only' }),
      component({ purl: 'pkg:npm/b@1', license: 'MIT AND GPL-3.0-only', status: 'deprecated' }),
      component({ purl: 'pkg:npm/c@1', algorithms: [{ name: 'md5', weak: true, quantumVulnerable: false }] }),
      component({ purl: 'pkg:npm/d@1', findings: [finding({ id: 'MAL-2024-1', malicious: true })] }),
    ])
    assert.deepEqual(
      v.violations.map((x) => [x.rule, x.component, x.finding]),
      [
        ['licenses', 'pkg:npm/b@1', null],
        ['lifecycle', 'pkg:npm/b@1', null],
        ['crypto', 'pkg:npm/c@1', null],
        ['malware', 'pkg:npm/d@1', null],
      ],
    )
  })
})

describe('readPolicy', () => {
  it('defaults the action to fail', () => {
    assert.equal(noHigh.rules[0]?.action, 'fail')
  })
  it('names every flaw of a policy that does not conform', () => {
    assert.throws(
      () => readPolicy({ rules: [{ id: 'x', when: { severity_at_least: 'huge', colour: 1 } }] }),
      (err: Error) =>
        /unknown field "colour"/.test(err.message) && /must be one of low, medium, high, critical/.test(err.message),
    )
    assert.throws(() => readPolicy({ rules: [] }), /rules/)
    assert.throws(
      () =>
        readPolicy({
          rules: [
            { id: 'a', when: { kev: true } },
            { id: 'a', when: { kev: true } },
          ],
        }),
      /unique \(a\)/,
    )
    assert.throws(() => readPolicy({ rules: [{ id: 'a', when: {} }] }), /when/)
  })
})
