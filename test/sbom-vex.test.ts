// VEX in and out of POST /v2/sbom/enrich (docs/sbom.md "VEX") on the shipped seed KB (real data): the BOM that
// @cyclonedx/cyclonedx-npm wrote for the FIXTURE project (lodash 4.17.15, whose real CVE-2021-23337 and CVE-2020-8203
// the seed's advisories list), triaged by its own analysis, by a FIXTURE OpenVEX document and by a FIXTURE CSAF VEX
// document sent beside it (test/fixtures/vex): the analysis comes back on the finding, the output still valid.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, test } from 'node:test'
import type { TestApp } from './helpers/app.ts'
import { cycloneDxErrors } from './helpers/cyclonedx-schema.ts'
import { closeSeededApp, seededApp } from './helpers/seeded-app.ts'

const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Json
type Json = Record<string, unknown>
const BOM = read('./fixtures/sbom-project/bom.cdx.json')
const OPENVEX = read('./fixtures/vex/lodash.openvex.json')
const CSAF = read('./fixtures/vex/lodash.csaf.json')
const LODASH_REF = 'fixture-sbom-project@1.0.0|lodash@4.17.15'

let t: TestApp
before(async () => {
  t = await seededApp()
})
after(() => closeSeededApp(t))

type Vuln = {
  'bom-ref': string
  id: string
  analysis?: { state: string; justification?: string; response?: string[]; detail?: string }
  affects: { ref: string }[]
  properties?: { name: string; value: string }[]
}

function post(payload: unknown, format = 'cyclonedx-1.6') {
  return t.app.inject({
    method: 'POST',
    url: `/v2/sbom/enrich?format=${format}`,
    headers: { 'x-api-key': t.keys.full, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })
}

async function enriched(payload: unknown): Promise<Vuln[]> {
  const res = await post(payload)
  assert.equal(res.statusCode, 200, res.body)
  const bom = res.json()
  assert.deepEqual(cycloneDxErrors(bom), [])
  return bom.vulnerabilities
}

const source = (v: Vuln | undefined) => v?.properties?.find((p) => p.name === 'compintel:vex:source')?.value

/** The FIXTURE BOM with its own analysis of a vulnerability of lodash. */
const triaged = (id: string, analysis: Json) => ({
  ...BOM,
  vulnerabilities: [{ 'bom-ref': `triage/${id}`, id, analysis, affects: [{ ref: LODASH_REF }] }],
})

test("the input BOM's own analysis comes back on the KB's finding", async () => {
  const analysis = { state: 'not_affected', justification: 'code_not_reachable', detail: 'FIXTURE: no _.template' }
  const vulns = await enriched(triaged('CVE-2021-23337', analysis))
  const cve = vulns.filter((v) => v.id === 'CVE-2021-23337')
  assert.equal(cve.length, 1, 'the input entry replaced by the enriched one')
  assert.deepEqual(cve[0]?.analysis, analysis)
  assert.deepEqual(
    cve[0]?.affects.map((a) => a.ref),
    [LODASH_REF],
  )
  assert.equal(source(cve[0]), 'sbom')
  const other = vulns.find((v) => v.id === 'CVE-2020-8203')
  assert.ok(other, 'the other high CVE of lodash 4.17.15 is listed')
  assert.equal(other.analysis, undefined, 'and is not triaged')
})

test('the same by an OpenVEX and by a CSAF VEX document sent beside it', async () => {
  const byOpenVex = await enriched({ sbom: BOM, vex: [OPENVEX] })
  const template = byOpenVex.find((v) => v.id === 'CVE-2021-23337')
  assert.deepEqual(template?.analysis, {
    state: 'not_affected',
    justification: 'code_not_reachable',
    detail: 'FIXTURE: the project never calls _.template.',
  })
  assert.equal(source(template), 'vex[0]')

  const byCsaf = await enriched({ sbom: BOM, vex: [CSAF] })
  const zip = byCsaf.find((v) => v.id === 'CVE-2020-8203')
  assert.equal(zip?.analysis?.state, 'not_affected')
  assert.equal(zip?.analysis?.detail, 'FIXTURE: zipObjectDeep is never called.')
  // the CSAF document's statement of 4.17.21 (fixed) does not apply to 4.17.15
  assert.equal(byCsaf.find((v) => v.id === 'CVE-2021-23337')?.analysis, undefined)
})

test('a statement naming only the GHSA alias applies to the finding filed under its CVE', async () => {
  const statements = (OPENVEX.statements as Json[]).map((s) => ({
    ...s,
    vulnerability: { name: 'GHSA-35jh-r3h4-6jhm' },
    products: [{ '@id': 'pkg:npm/lodash' }],
    status: 'under_investigation',
  }))
  const vulns = await enriched({ sbom: BOM, vex: [{ ...OPENVEX, statements }] })
  assert.deepEqual(vulns.find((v) => v.id === 'CVE-2021-23337')?.analysis, {
    state: 'in_triage',
    justification: 'code_not_reachable',
    detail: 'FIXTURE: the project never calls _.template.',
  })
})

test("precedence: a VEX document over the BOM's own analysis; a purl list takes VEX too", async () => {
  const vulns = await enriched({
    sbom: triaged('CVE-2021-23337', { state: 'exploitable' }),
    vex: [OPENVEX],
  })
  assert.equal(vulns.find((v) => v.id === 'CVE-2021-23337')?.analysis?.state, 'not_affected')
  const fromPurls = await enriched({ sbom: ['pkg:npm/lodash@4.17.15'], vex: [CSAF, OPENVEX] })
  assert.equal(fromPurls.find((v) => v.id === 'CVE-2021-23337')?.analysis?.state, 'not_affected')
  assert.equal(fromPurls.find((v) => v.id === 'CVE-2020-8203')?.analysis?.state, 'not_affected')
})

test('SPDX output carries the analysis in the advisory comment', async () => {
  const res = await post({ sbom: BOM, vex: [OPENVEX] }, 'spdx-2.3')
  assert.equal(res.statusCode, 200, res.body)
  const refs = (res.json().packages as { externalRefs?: { comment?: string }[] }[]).flatMap((p) => p.externalRefs ?? [])
  const comment = refs.find((r) => r.comment?.startsWith('CVE-2021-23337'))?.comment ?? ''
  assert.match(
    comment,
    /VEX not_affected \(code_not_reachable\): FIXTURE: the project never calls _\.template\. \(vex\[0\]\)/,
  )
})

test('a malformed VEX document is a 400 in the error shape naming it', async () => {
  const bad = { ...OPENVEX, statements: [{ ...(OPENVEX.statements as Json[])[0], status: 'fine' }] }
  for (const [vex, message] of [
    [[CSAF, bad], /vex\[1\]: statements\[0\]\.status "fine"/],
    [[{ hello: 'world' }], /vex\[0\]: not an OpenVEX document/],
    ['nope', /vex must be a list/],
  ] as const) {
    const res = await post({ sbom: BOM, vex })
    assert.equal(res.statusCode, 400, res.body)
    const body = res.json()
    assert.equal(body.error.code, 'VALIDATION_FAILED')
    assert.equal(body.status.status, 'FAILED')
    assert.match(body.status.message, message)
  }
})

test('two versions of lodash, one triaged: the vulnerability is listed once per analysis', async () => {
  const vulns = await enriched({ sbom: ['pkg:npm/lodash@4.17.15', 'pkg:npm/lodash@4.17.19'], vex: [OPENVEX] })
  const template = vulns.filter((v) => v.id === 'CVE-2021-23337')
  assert.deepEqual(
    template.map((v) => [v['bom-ref'], v.analysis?.state, v.affects.map((a) => a.ref)]),
    [
      ['vulnerability/CVE-2021-23337', 'not_affected', ['item 1']],
      ['vulnerability/CVE-2021-23337#2', undefined, ['item 2']],
    ],
  )
  const redos = vulns.filter((v) => v.id === 'CVE-2020-28500')
  assert.deepEqual(
    redos.map((v) => v.affects.map((a) => a.ref)),
    [['item 1', 'item 2']],
    'an untriaged vulnerability stays one entry',
  )
})

test("the input's own vulnerability the KB does not know: its analysis kept, or a VEX document's applied", async () => {
  const own = { state: 'in_triage', detail: 'FIXTURE: being looked at' }
  const bom = {
    ...triaged('FIXTURE-2026-0001', own),
    components: [
      ...(BOM.components as Json[]),
      {
        'bom-ref': 'other-lodash',
        type: 'library',
        name: 'lodash',
        version: '4.17.19',
        purl: 'pkg:npm/lodash@4.17.19',
      },
    ],
  }
  ;(bom.vulnerabilities[0] as Json).affects = [{ ref: LODASH_REF }, { ref: 'other-lodash' }]
  const kept = (await enriched(bom)).filter((v) => v.id === 'FIXTURE-2026-0001')
  assert.deepEqual(
    kept.map((v) => [v.analysis, v.affects.length]),
    [[own, 2]],
  )
  const statements = [
    {
      vulnerability: { name: 'fixture-2026-0001' },
      products: [{ '@id': 'pkg:npm/lodash@4.17.19' }],
      status: 'not_affected',
      justification: 'component_not_present',
    },
  ]
  const split = (await enriched({ sbom: bom, vex: [{ ...OPENVEX, statements }] })).filter(
    (v) => v.id === 'FIXTURE-2026-0001',
  )
  assert.deepEqual(
    split.map((v) => [v['bom-ref'], v.analysis?.state, v.affects.map((a) => a.ref), source(v)]),
    [
      ['triage/FIXTURE-2026-0001', 'in_triage', [LODASH_REF], undefined],
      ['triage/FIXTURE-2026-0001#2', 'not_affected', ['other-lodash'], 'vex[0]'],
    ],
  )
})
