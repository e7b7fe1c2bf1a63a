import assert from 'node:assert/strict'
import { test } from 'node:test'
import { applyVex, isSuppressed } from './apply-vex.ts'
import type { VexStatement } from './statement.ts'

const statement = (over: Partial<VexStatement> & Pick<VexStatement, 'ids'>): VexStatement => ({
  component: { key: 'npm/lodash' },
  analysis: { state: 'not_affected', justification: 'code_not_reachable' },
  source: 'sbom',
  rank: 0,
  order: 0,
  ...over,
})

const finding = (id: string, aliases: string[] = [], purl = 'pkg:npm/lodash@4.17.15') => ({ id, aliases, purl })

test('a statement applies by the finding id or any alias, either way round, whatever the case', () => {
  const byCve = [statement({ ids: ['CVE-2021-23337'] })]
  const [ghsaFinding] = applyVex([finding('GHSA-35jh-r3h4-6jhm', ['CVE-2021-23337'])], byCve)
  assert.equal(ghsaFinding?.analysis?.state, 'not_affected')
  const byGhsa = [statement({ ids: ['GHSA-35JH-R3H4-6JHM'] })]
  const [cveFinding] = applyVex([finding('CVE-2021-23337', ['ghsa-35jh-r3h4-6jhm'])], byGhsa)
  assert.equal(cveFinding?.analysis?.justification, 'code_not_reachable')
  assert.equal(cveFinding?.analysisSource, 'sbom')
  const [other] = applyVex([finding('CVE-2020-8203', ['GHSA-p6mc-m468-83gw'])], byCve)
  assert.equal(other?.analysis, undefined)
})

test('the component must match: a versioned statement that version only, a versionless one every version', () => {
  const versioned = [statement({ ids: ['CVE-1'], component: { key: 'npm/lodash', version: '4.17.15' } })]
  assert.ok(applyVex([finding('CVE-1')], versioned)[0]?.analysis)
  assert.equal(applyVex([finding('CVE-1', [], 'pkg:npm/lodash@4.17.20')], versioned)[0]?.analysis, undefined)
  // a finding of a resolved version (the purl named none) is matched by that version
  assert.ok(applyVex([{ ...finding('CVE-1', [], 'pkg:npm/lodash'), version: '4.17.15' }], versioned)[0]?.analysis)
  const any = [statement({ ids: ['CVE-1'] })]
  assert.ok(applyVex([finding('CVE-1', [], 'pkg:npm/lodash@4.17.20')], any)[0]?.analysis)
  assert.equal(applyVex([finding('CVE-1', [], 'pkg:npm/underscore@1.0.0')], any)[0]?.analysis, undefined)
  assert.equal(applyVex([finding('CVE-1', [], 'pkg:pypi/lodash@4.17.15')], any)[0]?.analysis, undefined)
})

test('precedence: the versioned statement, then the later document, then the later statement', () => {
  const bomOwn = statement({ ids: ['CVE-1'], analysis: { state: 'in_triage' } })
  const docAny = statement({ ids: ['CVE-1'], analysis: { state: 'exploitable' }, source: 'vex[0]', rank: 1 })
  const docLater = statement({ ids: ['CVE-1'], analysis: { state: 'resolved' }, source: 'vex[1]', rank: 2 })
  const bomVersioned = statement({
    ids: ['CVE-1'],
    component: { key: 'npm/lodash', version: '4.17.15' },
    analysis: { state: 'false_positive' },
  })
  const state = (s: VexStatement[]) => applyVex([finding('CVE-1')], s)[0]?.analysis?.state
  assert.equal(state([bomOwn, docAny]), 'exploitable', 'a VEX document over the BOM')
  assert.equal(state([docLater, bomOwn, docAny]), 'resolved', 'the later document, in whatever order read')
  assert.equal(state([docLater, bomVersioned, docAny]), 'false_positive', 'the versioned statement first')
  const second = { ...docAny, analysis: { state: 'not_affected' as const }, order: 1 }
  assert.equal(state([second, docAny]), 'not_affected', 'the later statement inside one document')
})

test('a finding is suppressed when not affected or a false positive, not otherwise', () => {
  assert.equal(isSuppressed({ analysis: { state: 'not_affected' } }), true)
  assert.equal(isSuppressed({ analysis: { state: 'false_positive' } }), true)
  for (const state of ['resolved', 'resolved_with_pedigree', 'exploitable', 'in_triage'] as const)
    assert.equal(isSuppressed({ analysis: { state } }), false, state)
  assert.equal(isSuppressed({}), false)
})
