// The VEX readers on the FIXTURE documents of test/fixtures/vex (real lodash CVEs, invented statements), and
// malformed documents refused with the flaw named.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { VexInputError } from './guards.ts'
import { readVexDocuments, splitVexEnvelope } from './read-vex.ts'

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../test/fixtures/vex/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >
const OPENVEX = fixture('lodash.openvex.json')
const CSAF = fixture('lodash.csaf.json')
const LODASH = { key: 'npm/lodash', version: '4.17.15' }

test('the envelope is told from an SBOM by its keys', () => {
  const sbom = { bomFormat: 'CycloneDX', specVersion: '1.6' }
  assert.deepEqual(splitVexEnvelope({ sbom, vex: [OPENVEX] }), { sbom, vex: [OPENVEX] })
  assert.deepEqual(splitVexEnvelope({ sbom }), { sbom, vex: [] })
  assert.deepEqual(splitVexEnvelope(sbom), { sbom, vex: [] })
  const other = { sbom, name: 'x' }
  assert.deepEqual(splitVexEnvelope(other), { sbom: other, vex: [] }, 'any other key: not an envelope')
  assert.deepEqual(splitVexEnvelope(['pkg:npm/lodash@4.17.15']).vex, [])
  assert.throws(() => splitVexEnvelope({ sbom, vex: {} }), /vex must be a list/)
})

test('OpenVEX: the subcomponent named, the status and justification mapped, the impact statement as detail', () => {
  assert.deepEqual(readVexDocuments([OPENVEX], new Map()), [
    {
      ids: ['CVE-2021-23337', 'GHSA-35JH-R3H4-6JHM'],
      component: LODASH,
      analysis: {
        state: 'not_affected',
        justification: 'code_not_reachable',
        detail: 'FIXTURE: the project never calls _.template.',
      },
      source: 'vex[0]',
      rank: 1,
      order: 0,
    },
  ])
  // the earlier drafts' string vulnerability, a product without subcomponents, by its identifiers' purl
  const draft = {
    '@context': 'https://openvex.dev/ns',
    statements: [
      { vulnerability: 'cve-2020-8203', products: [{ '@id': 'urn:x', identifiers: { purl: 'pkg:npm/lodash' } }] },
    ].map((s) => ({ ...s, status: 'affected', action_statement: 'upgrade' })),
  }
  const [s] = readVexDocuments([OPENVEX, draft], new Map()).slice(1)
  assert.deepEqual(s?.ids, ['CVE-2020-8203'])
  assert.deepEqual(s?.component, { key: 'npm/lodash' })
  assert.deepEqual(s?.analysis, { state: 'exploitable', detail: 'upgrade' })
  assert.equal(s?.rank, 2)
})

test('CSAF VEX: product ids through the tree, flags, impact threats and remediations', () => {
  const [notAffected, fixed] = readVexDocuments([CSAF], new Map())
  assert.deepEqual(notAffected?.ids, ['CVE-2020-8203', 'GHSA-P6MC-M468-83GW'])
  assert.deepEqual(notAffected?.component, LODASH)
  assert.deepEqual(notAffected?.analysis, {
    state: 'not_affected',
    justification: 'code_not_reachable',
    detail: 'FIXTURE: zipObjectDeep is never called.',
  })
  assert.deepEqual(fixed?.component, { key: 'npm/lodash', version: '4.17.21' })
  assert.deepEqual(fixed?.analysis, { state: 'resolved', response: ['update'], detail: 'FIXTURE: upgrade to 4.17.21.' })
})

test('a CycloneDX VEX BOM names the SBOM components by bom-ref, BOM-Link or purl', () => {
  const vex = {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    vulnerabilities: [
      {
        id: 'CVE-2021-23337',
        references: [{ id: 'GHSA-35jh-r3h4-6jhm', source: { name: 'GitHub' } }],
        analysis: { state: 'false_positive', response: ['will_not_fix'] },
        affects: [{ ref: 'lodash-ref' }, { ref: 'urn:cdx:0b5c1e7a-7c2b-4b0e-9d0a-1c1f0e0e0e0e/1#lodash-ref' }],
      },
      { id: 'CVE-2020-8203', affects: [{ ref: 'pkg:npm/lodash@4.17.15' }] },
      { id: 'CVE-2020-8203', analysis: { state: 'in_triage' }, affects: [{ ref: 'pkg:npm/lodash@4.17.15' }] },
    ],
  }
  const out = readVexDocuments([vex], new Map([['lodash-ref', 'pkg:npm/lodash@4.17.15']]))
  assert.equal(out.length, 3, 'the vulnerability without an analysis states nothing')
  assert.deepEqual(out[0]?.ids, ['CVE-2021-23337', 'GHSA-35JH-R3H4-6JHM'])
  assert.deepEqual(out[0]?.analysis, { state: 'false_positive', response: ['will_not_fix'] })
  assert.deepEqual(
    out.map((s) => s.component),
    [LODASH, LODASH, LODASH],
  )
})

test('malformed VEX documents are refused, the document and the flaw named', () => {
  const statement = OPENVEX.statements as Record<string, unknown>[]
  const openvex = (over: Record<string, unknown>) => ({ ...OPENVEX, statements: [{ ...statement[0], ...over }] })
  const csafVuln = (CSAF.vulnerabilities as Record<string, unknown>[])[0]
  const cases: [unknown[], RegExp][] = [
    [[{ hello: 'world' }], /vex\[0\]: not an OpenVEX document, a CSAF VEX document nor a CycloneDX BOM/],
    [['text'], /vex\[0\]: a VEX document must be a JSON object/],
    [[OPENVEX, openvex({ status: 'fine' })], /vex\[1\]: statements\[0\]\.status "fine" is not one of/],
    [[openvex({ justification: undefined, impact_statement: undefined })], /needs a justification or an impact/],
    [[openvex({ justification: 'because' })], /justification "because" is not an OpenVEX justification/],
    [[openvex({ products: [] })], /must name its products/],
    [[openvex({ products: [{ '@id': 'pkg:' }] })], /"pkg:" is not a valid purl/],
    [[openvex({ vulnerability: { name: 'x'.repeat(3000) } })], /vulnerability\.name is longer than 2048/],
    [[{ ...OPENVEX, statements: {} }], /statements must be a list/],
    [[{ ...OPENVEX, statements: Array(10_001).fill(statement[0]) }], /statements lists more than 10000/],
    [[{ ...CSAF, document: { ...(CSAF.document as object), category: 'csaf_security_advisory' } }], /not csaf_vex/],
    [[{ ...CSAF, vulnerabilities: [{ ...csafVuln, cve: undefined, ids: [] }] }], /names no cve nor ids/],
    [[{ bomFormat: 'CycloneDX', vulnerabilities: [{ id: 'X', analysis: { state: 'maybe' } }] }], /state "maybe"/],
    [Array(21).fill(OPENVEX), /More than 20 VEX documents/],
    // every reader's guards name the path of the flaw
    [[{ ...OPENVEX, statements: ['x'] }], /vex\[0\]: statements\[0\] must be an object$/],
    [[openvex({ products: ['x'] })], /statements\[0\]\.products\[0\] must be an object$/],
    [[openvex({ products: [{ subcomponents: [1] }] })], /products\[0\]\.subcomponents\[0\] must be an object$/],
    [[openvex({ products: [{ identifiers: { purl: 1 } }] })], /products\[0\]\.identifiers\.purl must be a string$/],
    [[openvex({ vulnerability: { aliases: 'x' } })], /statements\[0\]\.vulnerability\.aliases must be a list$/],
    [[{ ...CSAF, vulnerabilities: [1] }], /vex\[0\]: vulnerabilities\[0\] must be an object$/],
    [
      [{ ...CSAF, vulnerabilities: [{ ...csafVuln, flags: ['x'] }] }],
      /vulnerabilities\[0\]\.flags\[0\] must be an object$/,
    ],
    [
      [{ ...CSAF, vulnerabilities: [{ ...csafVuln, ids: [{ text: 1 }] }] }],
      /vulnerabilities\[0\]\.ids\[0\]\.text must be a string$/,
    ],
    [[{ ...CSAF, product_tree: { branches: [1] } }], /vex\[0\]: product_tree: every branch must be an object$/],
    [[{ ...CSAF, product_tree: { full_product_names: {} } }], /product_tree\.full_product_names must be a list$/],
    [[{ bomFormat: 'CycloneDX', vulnerabilities: [null] }], /vex\[0\]: vulnerabilities\[0\] must be an object$/],
    [
      [{ bomFormat: 'CycloneDX', vulnerabilities: [{ analysis: { state: 'in_triage' }, references: [{ id: 1 }] }] }],
      /vulnerabilities\[0\]\.references\[0\]\.id must be a string$/,
    ],
    [
      [
        {
          bomFormat: 'CycloneDX',
          vulnerabilities: [{ id: 'X', analysis: { state: 'in_triage', detail: 'x'.repeat(20_001) } }],
        },
      ],
      /analysis\.detail is longer than 20000 characters$/,
    ],
  ]
  for (const [docs, message] of cases)
    assert.throws(
      () => readVexDocuments(docs, new Map()),
      (err: Error) => {
        assert.ok(err instanceof VexInputError, String(err))
        assert.match(err.message, message)
        return true
      },
    )
})
