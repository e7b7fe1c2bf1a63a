// The licenses endpoints (component, components, details, obligations) over the FIXTURE KB, on SQLite and PostgreSQL.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { mapPackument } from '../src/sources/npm/map-packument.ts'
import type { Packument } from '../src/sources/npm/registry.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { backends } from './helpers/backends.ts'
import { FIXTURE_AS_OF, loadFixtureKb } from './helpers/kb-fixture.ts'
import { spdxLicense as spdx } from './helpers/spdx-expected.ts'

/** One more made-up package for this suite: no version of it declares or carries a license (NO_INFO). */
const FX_BARE = {
  name: 'fx-bare',
  'dist-tags': { latest: '1.0.0' },
  versions: { '1.0.0': { name: 'fx-bare', version: '1.0.0' } },
  time: { created: '2020-01-01T00:00:00.000Z', '1.0.0': '2020-01-01T00:00:00.000Z' },
} as unknown as Packument

const MIT = spdx('MIT', 'MIT License')
const APACHE = spdx('Apache-2.0', 'Apache License 2.0')
const ISC = spdx('ISC', 'ISC License')
const BSD3 = spdx('BSD-3-Clause', 'BSD 3-Clause "New" or "Revised" License')
const ZLIB = spdx('Zlib', 'zlib License')
const CUSTOM = { id: 'LicenseRef-Custom-see-LICENSE.txt', full_name: '', is_spdx_approved: false, url: '' }

/** The expected license result: purl and requirement as echoed, the version answered, and the outcome if not SUCCESS. */
function want(
  [purl, requirement, version]: [string, string, string],
  statement: string,
  licenses: object[],
  name: string | null,
  info?: [string, string],
) {
  const url = name === null ? '' : `https://www.npmjs.com/package/${name}`
  // both spellings of the outcome (docs/errors.md)
  const outcome = info ? { error_code: info[0], error_message: info[1], info_code: info[0], info_message: info[1] } : {}
  return { purl, requirement, version, statement, licenses, url, ...outcome }
}
const nearest = (req: string, v: string) => `Version not found for requirement ${req}, nearest version found: ${v}`

/** [request, expected license result]: every outcome the licenses area gives. */
const CASES: [{ purl: string; requirement?: string }, ReturnType<typeof want>][] = [
  [
    { purl: 'pkg:npm/fx-lib@1.0.0' },
    want(['pkg:npm/fx-lib@1.0.0', '', '1.0.0'], '(MIT OR Apache-2.0)', [MIT, APACHE], 'fx-lib'),
  ],
  [
    { purl: 'pkg:npm/fx-util@2.2.0' },
    want(['pkg:npm/fx-util@2.2.0', '', '2.2.0'], 'BSD-3-Clause AND Zlib', [BSD3, ZLIB], 'fx-util'),
  ],
  [
    { purl: 'pkg:npm/fx-util', requirement: '~2.1.0' },
    want(['pkg:npm/fx-util', '~2.1.0', '2.1.5'], '', [CUSTOM], 'fx-util'),
  ],
  [
    { purl: 'pkg:npm/fx-app', requirement: '^1.0.0' },
    want(['pkg:npm/fx-app', '^1.0.0', '1.1.0'], 'MIT', [MIT], 'fx-app'),
  ],
  [{ purl: 'pkg:npm/fx-app' }, want(['pkg:npm/fx-app', '', '2.0.0-beta.1'], 'MIT', [MIT], 'fx-app')],
  [
    { purl: 'pkg:npm/%40fx/scoped@0.1.0' },
    want(['pkg:npm/%40fx/scoped@0.1.0', '', '0.1.0'], 'Apache-2.0', [APACHE], '@fx/scoped'),
  ],
  // the highest version (unpublished) has no license facts: the nearest one that has answers, still SUCCESS
  [{ purl: 'pkg:npm/fx-old' }, want(['pkg:npm/fx-old', '', '0.9.0'], 'ISC', [ISC], 'fx-old')],
  [
    { purl: 'pkg:npm/fx-old@0.9.1' },
    want(['pkg:npm/fx-old@0.9.1', '', '0.9.0'], 'ISC', [ISC], 'fx-old', [
      'REQUIREMENT_NOT_MET',
      nearest('0.9.1', '0.9.0'),
    ]),
  ],
  [
    { purl: 'pkg:npm/fx-lib@1.2.5' },
    want(['pkg:npm/fx-lib@1.2.5', '', '1.2.0'], '(MIT OR Apache-2.0)', [MIT, APACHE], 'fx-lib', [
      'REQUIREMENT_NOT_MET',
      nearest('1.2.5', '1.2.0'),
    ]),
  ],
  [
    { purl: 'pkg:npm/fx-bare' },
    want(['pkg:npm/fx-bare', '', '1.0.0'], '', [], 'fx-bare', [
      'NO_INFO',
      'License info not found for pkg:npm/fx-bare',
    ]),
  ],
  [
    { purl: 'pkg:npm/fx-bare@2.0.0' },
    want(['pkg:npm/fx-bare@2.0.0', '', ''], '', [], 'fx-bare', ['VERSION_NOT_FOUND', 'Component version not found']),
  ],
  [
    { purl: 'pkg:npm/fx-nope@1.0.0' },
    want(['pkg:npm/fx-nope@1.0.0', '', ''], '', [], null, ['COMPONENT_NOT_FOUND', 'Component not found']),
  ],
  [
    { purl: 'fx-lib' },
    want(['fx-lib', '', ''], '', [], null, ['INVALID_PURL', 'Invalid Purl: missing required "pkg" scheme component']),
  ],
  [
    { purl: 'pkg:npm/fx-lib', requirement: '>=>=1' },
    want(['pkg:npm/fx-lib', '>=>=1', ''], '', [], 'fx-lib', ['INVALID_SEMVER', 'Invalid semver >=>=1']),
  ],
]

for (const backend of backends()) {
  describe(`licenses endpoints on ${backend.name}`, () => {
    let t: TestApp
    let cleanup: () => Promise<void>
    before(async () => {
      const opened = await backend.open()
      cleanup = opened.cleanup
      t = await makeTestApp({ storage: opened.storage, env: { MAX_BATCH_SIZE: '20' } })
      await loadFixtureKb(opened.storage)
      await new SqlKbWriter(opened.storage).writePackage({
        ...mapPackument(FX_BARE.name, FX_BARE, FIXTURE_AS_OF),
        analyses: [],
      })
    })
    after(async () => {
      await t.close()
      await cleanup()
    })
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, key = t.keys.full) => {
      const res = await t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) })
      return { code: res.statusCode, body: res.json() }
    }
    const query = (q: Record<string, string>) => new URLSearchParams(q).toString()

    for (const [ref, expected] of CASES) {
      test(`GET component ${ref.purl}${ref.requirement ? ` ${ref.requirement}` : ''} → ${expected.info_code ?? 'SUCCESS'}`, async () => {
        const { code, body } = await call('GET', `/v2/licenses/component?${query(ref)}`)
        assert.equal(code, 200)
        assert.deepEqual(body, {
          component: expected,
          status: { status: 'SUCCESS', message: 'License retrieved successfully' },
        })
      })
    }

    test('POST components: every outcome in one batch, in request order (and reversed)', async () => {
      const refs = CASES.map(([ref]) => ref)
      const { code, body } = await call('POST', '/v2/licenses/components', { components: refs })
      assert.equal(code, 200)
      assert.deepEqual(body, {
        components: CASES.map(([, expected]) => expected),
        status: { status: 'SUCCESS', message: 'Licenses retrieved successfully' },
      })
      const reversed = await call('POST', '/v2/licenses/components', { components: [...refs].reverse() })
      assert.deepEqual(reversed.body.components, CASES.map(([, expected]) => expected).reverse())
    })

    test('POST components: over MAX_BATCH_SIZE → 400 BATCH_TOO_LARGE; empty or missing list → 400', async () => {
      const many = Array.from({ length: 21 }, () => ({ purl: 'pkg:npm/fx-lib' }))
      const big = await call('POST', '/v2/licenses/components', { components: many })
      assert.equal(big.code, 400)
      assert.equal(big.body.error.code, 'BATCH_TOO_LARGE')
      assert.equal(big.body.status.status, 'FAILED')
      const empty = await call('POST', '/v2/licenses/components', { components: [] })
      assert.deepEqual([empty.code, empty.body.error.code], [400, 'VALIDATION_FAILED'])
      const missing = await call('POST', '/v2/licenses/components', {})
      assert.deepEqual([missing.code, missing.body.error.code], [400, 'VALIDATION_FAILED'])
    })

    test('GET component without purl → 400; a key without the licenses scope → 403', async () => {
      const none = await call('GET', '/v2/licenses/component')
      assert.deepEqual([none.code, none.body.error.code], [400, 'VALIDATION_FAILED'])
      const scoped = await call('GET', '/v2/licenses/component?purl=pkg:npm/fx-lib', undefined, t.keys.components)
      assert.deepEqual([scoped.code, scoped.body.error.code], [403, 'FORBIDDEN'])
    })

    test('GET details: SPDX facts and the OSADL block, id case-insensitive, no is_fsf_libre', async () => {
      const { code, body } = await call('GET', '/v2/licenses/details?id=mit')
      assert.equal(code, 200)
      const { osadl, ...rest } = body.license
      assert.deepEqual(
        { ...osadl, compatibility: osadl.compatibility.slice(0, 3) },
        {
          // data/osadl/checklists/MIT.txt: one use case, no COPYLEFT CLAUSE nor PATENT HINTS line
          copyleft_clause: false,
          patent_hints: false,
          compatibility: ['0BSD', 'AFL-2.0', 'AFL-2.1'],
          depending_compatibility: [],
          incompatibility: osadl.incompatibility,
          use_cases: [
            {
              name: 'Source code delivery OR Binary delivery',
              obligation_text:
                'YOU MUST Provide Copyright notices\nYOU MUST Provide License text\nYOU MUST Provide Warranty disclaimer',
              obligation_json: JSON.stringify(
                ['Copyright notices', 'License text', 'Warranty disclaimer'].map((o) => ({
                  keyword: 'YOU MUST',
                  text: `Provide ${o}`,
                  children: [],
                })),
              ),
            },
          ],
        },
      )
      // the OSADL matrix's MIT row: software under MIT may not include GPL-2.0-only code
      assert.ok(osadl.incompatibility.includes('GPL-2.0-only'))
      assert.deepEqual(
        { ...body, license: rest },
        {
          license: {
            full_name: 'MIT License',
            type: 'PERMISSIVE',
            spdx: {
              id: 'MIT',
              full_name: 'MIT License',
              details_url: 'https://spdx.org/licenses/MIT.json',
              reference_url: 'https://spdx.org/licenses/MIT.html',
              is_deprecated: false,
              is_osi_approved: true,
              see_also: ['https://opensource.org/license/mit/'],
              cross_refs: [],
              exceptions: [],
            },
          },
          status: { status: 'SUCCESS', message: 'License details retrieved successfully' },
        },
      )
      const deprecated = await call('GET', '/v2/licenses/details?id=GPL-2.0')
      assert.deepEqual([deprecated.body.license.spdx.is_deprecated, deprecated.body.license.spdx.id], [true, 'GPL-2.0'])
      // OSADL names GPL-2.0-only, not the deprecated id: no block, type UNKNOWN
      assert.deepEqual([deprecated.body.license.osadl, deprecated.body.license.type], [undefined, 'UNKNOWN'])
      const gpl = await call('GET', '/v2/licenses/details?id=GPL-3.0-only')
      assert.deepEqual([gpl.body.license.type, gpl.body.license.osadl.copyleft_clause], ['COPYLEFT', true])
    })

    test('GET details and obligations: an id not on the SPDX list → 404 NOT_FOUND; no id → 400', async () => {
      for (const path of ['details', 'obligations']) {
        const { code, body } = await call('GET', `/v2/licenses/${path}?id=LicenseRef-Custom`)
        assert.equal(code, 404)
        assert.equal(body.error.code, 'NOT_FOUND')
        assert.deepEqual(body.status, { status: 'FAILED', message: 'license not found: LicenseRef-Custom' })
        const none = await call('GET', `/v2/licenses/${path}`)
        assert.deepEqual([none.code, none.body.error.code], [400, 'VALIDATION_FAILED'])
      }
    })

    test('GET obligations: GPL-2.0-only from the OSADL checklist and matrix', async () => {
      const { code, body } = await call('GET', '/v2/licenses/obligations?id=gpl-2.0-only')
      assert.equal(code, 200)
      const o = body.obligations
      assert.deepEqual(body.status, { status: 'SUCCESS', message: 'License obligations retrieved successfully' })
      assert.deepEqual([o.copyleft_clause, o.patent_hints, o.info_code], [true, true, undefined])
      assert.deepEqual(
        o.use_cases.map((u: { name: string }) => u.name),
        ['Source code delivery', 'Binary delivery'],
      )
      const binary = o.use_cases[1]
      assert.match(binary.obligation_text, /^YOU MUST Provide Copyright notices\n\tATTRIBUTE Highlighted\n/)
      assert.match(
        binary.obligation_text,
        /\tYOU MUST Provide Written offer \(Written offer\)\n\t\tATTRIBUTE Duration 3 years/,
      )
      const either = JSON.parse(binary.obligation_json).find((n: { keyword: string }) => n.keyword === 'EITHER')
      assert.deepEqual(
        [either.text, either.children[0].keyword, either.children[0].text],
        ['', 'YOU MUST', 'Provide Source code'],
      )
      // the matrix row of GPL-2.0-only: Apache-2.0 "No", MIT "Yes", the LGPL-2.1 ones "Check dependency"
      assert.ok(o.incompatibility.includes('Apache-2.0'))
      assert.ok(o.compatibility.includes('MIT') && !o.compatibility.includes('Apache-2.0'))
      assert.ok(o.depending_compatibility.includes('LGPL-2.1-only'))
    })

    test('GET obligations: a license OSADL does not cover → empty lists, unknown facts omitted, info_code NO_INFO', async () => {
      const { code, body } = await call('GET', '/v2/licenses/obligations?id=beerware')
      assert.equal(code, 200)
      assert.deepEqual(body, {
        obligations: {
          compatibility: [],
          depending_compatibility: [],
          incompatibility: [],
          use_cases: [],
          info_code: 'NO_INFO',
          info_message: 'No obligations data available for Beerware',
        },
        status: { status: 'SUCCESS', message: 'OSADL has no obligations data on Beerware' },
      })
    })
  })
}
