// The enriched CycloneDX writer on hand-made FIXTURE facts: every algorithm of the catalogue as a crypto asset (the
// mapping to CycloneDX primitives, families, modes and security levels; docs/sbom.md) valid against the official 1.6
// and 1.7 schemas, and the license acknowledgements and evidence of components the KB knows.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { MAPPED } from '../src/domain/sbom/crypto-asset-facts.ts'
import { enrichedCycloneDx } from '../src/domain/sbom/cyclonedx.ts'
import type { ComponentFacts } from '../src/domain/sbom/enrich.ts'
import { readSbom } from '../src/domain/sbom/read-input.ts'
import { loadCatalogue } from '../src/ingest/crypto/catalogue.ts'
import { SCHEMA_DIR } from '../src/reference/cyclonedx-schema.ts'
import { cycloneDxErrors } from './helpers/cyclonedx-schema.ts'

const catalogue = loadCatalogue()
const OPTIONS = {
  toolVersion: '0.1.0-test',
  sources: [],
  serialNumber: 'urn:uuid:3e671687-395b-41f5-a30f-a58921a69b79',
  timestamp: '2026-11-26T00:00:00Z',
  catalogue,
}

/** FIXTURE facts of one component (fx-lib 1.0.0): no problems, the given licenses and algorithms. */
function facts(over: Partial<ComponentFacts>): ComponentFacts {
  return {
    ref: 'component 0',
    purl: 'pkg:npm/fx-lib@1.0.0',
    version: '1.0.0',
    licenses: {
      purl: 'pkg:npm/fx-lib@1.0.0',
      requirement: '1.0.0',
      version: '1.0.0',
      url: 'https://www.npmjs.com/package/fx-lib',
      statement: '',
      licenses: [],
      outcome: { code: 'SUCCESS', message: '' },
    },
    licenseOrigin: { declaredExpression: '', declaredText: '', detected: [] },
    hashes: [],
    vulnerabilities: [],
    algorithms: [],
    problems: [],
    ...over,
  }
}

type Asset = { 'bom-ref': string; cryptoProperties: { algorithmProperties?: Record<string, unknown> } }

function assetsOf(specVersion: '1.6' | '1.7') {
  const input = readSbom('pkg:npm/fx-lib@1.0.0')
  const algorithms = catalogue.map((a) => ({ algorithm: a.id, strength: 'Strong' as const }))
  const out = enrichedCycloneDx(input, undefined, [facts({ algorithms })], { ...OPTIONS, specVersion })
  assert.deepEqual(cycloneDxErrors(out), [], specVersion)
  const assets = (out.components as Asset[]).filter((c) => c['bom-ref'].startsWith('crypto/'))
  assert.equal(assets.length, catalogue.length)
  return new Map(assets.map((a) => [a['bom-ref'].slice('crypto/algorithm/'.length), a.cryptoProperties]))
}

test('every catalogue algorithm is a valid 1.6 and 1.7 crypto asset; the mapping names only what it should', () => {
  const v16 = assetsOf('1.6')
  const v17 = assetsOf('1.7')
  const props = (v: typeof v16, id: string) => v.get(id)?.algorithmProperties
  // a cited standard or the catalogue's own category or name gives the primitive; nothing else does
  assert.deepEqual(props(v16, 'aes'), { primitive: 'block-cipher' })
  assert.deepEqual(props(v17, 'aes'), { primitive: 'block-cipher', algorithmFamily: 'AES' })
  assert.deepEqual(props(v16, 'ecdsa'), { primitive: 'signature', nistQuantumSecurityLevel: 0 })
  assert.deepEqual(props(v16, 'rsa'), { nistQuantumSecurityLevel: 0 }, 'RSA encrypts and signs: no one primitive')
  assert.deepEqual(props(v16, 'mlkem'), { primitive: 'kem' }, 'the category depends on the parameter set')
  assert.deepEqual(props(v17, 'x25519'), {
    primitive: 'key-agree',
    algorithmFamily: 'ECDH',
    classicalSecurityLevel: 128,
    nistQuantumSecurityLevel: 0,
  })
  assert.deepEqual(props(v16, 'md5'), { primitive: 'hash' }, 'a digest size is not a security level')
  assert.deepEqual(props(v16, 'argon2'), undefined, 'filed as a MAC under CMAC’s name: said nothing of')
  assert.deepEqual(props(v16, 'crc32'), undefined, 'a checksum is no cryptographic primitive')
  assert.deepEqual(props(v16, 'rfc3211wrap'), { primitive: 'other' }, '1.6 has no key-wrap')
  assert.deepEqual(props(v17, 'rfc3211wrap'), { primitive: 'key-wrap' })
  assert.deepEqual(props(v16, 'cbc'), { mode: 'cbc' })
  assert.deepEqual(props(v16, 'xts'), { mode: 'other' })
  assert.ok(
    [...v16.values()].every(
      (p) => (p.algorithmProperties as { algorithmFamily?: string })?.algorithmFamily === undefined,
    ),
  )
})

test("the mapping's tables name only catalogue ids and categories, and only families the 1.7 schema lists", () => {
  const ids = new Set(catalogue.map((a) => a.id))
  assert.deepEqual(
    MAPPED.ids.filter((id) => !ids.has(id)),
    [],
  )
  const categories = new Set(catalogue.map((a) => a.category))
  assert.deepEqual(
    MAPPED.categories.filter((c) => !categories.has(c)),
    [],
  )
  const defs = JSON.parse(readFileSync(new URL('cryptography-defs.SNAPSHOT.schema.json', SCHEMA_DIR), 'utf8'))
  const families = new Set<string>(defs.definitions.algorithmFamiliesEnum.enum)
  assert.deepEqual(
    MAPPED.families.filter((f) => !families.has(f)),
    [],
  )
})

test('licenses: declared acknowledged as declared, files found as evidence, what the input states kept', () => {
  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    components: [
      { 'bom-ref': 'a', type: 'library', name: 'fx-a', purl: 'pkg:npm/fx-a@1.0.0' },
      { 'bom-ref': 'b', type: 'library', name: 'fx-b', purl: 'pkg:npm/fx-b@1.0.0' },
      {
        'bom-ref': 'c',
        type: 'library',
        name: 'fx-c',
        purl: 'pkg:npm/fx-c@1.0.0',
        licenses: [{ expression: 'MIT' }],
        evidence: { licenses: [{ license: { id: 'MIT' } }] },
      },
    ],
  }
  const detected = ['Apache-2.0', 'LicenseRef-fx-custom']
  const all = [
    facts({ ref: 'a', licenseOrigin: { declaredExpression: '(MIT OR Apache-2.0)', declaredText: '', detected } }),
    facts({ ref: 'b', licenseOrigin: { declaredExpression: '', declaredText: 'SEE LICENSE IN fx.txt', detected: [] } }),
    facts({ ref: 'c', licenseOrigin: { declaredExpression: 'ISC', declaredText: '', detected: ['ISC'] } }),
  ]
  for (const specVersion of ['1.6', '1.7'] as const) {
    const out = enrichedCycloneDx(readSbom(JSON.stringify(bom)), bom, all, { ...OPTIONS, specVersion })
    assert.deepEqual(cycloneDxErrors(out), [], specVersion)
    const [a, b, c] = out.components as Record<string, unknown>[]
    assert.deepEqual(a?.licenses, [{ expression: '(MIT OR Apache-2.0)', acknowledgement: 'declared' }])
    assert.deepEqual(a?.evidence, {
      licenses: [{ license: { id: 'Apache-2.0' } }, { license: { name: 'LicenseRef-fx-custom' } }],
    })
    assert.deepEqual(b?.licenses, [{ license: { name: 'SEE LICENSE IN fx.txt', acknowledgement: 'declared' } }])
    assert.equal(b?.evidence, undefined)
    assert.deepEqual([c?.licenses, c?.evidence], [bom.components[2]?.licenses, bom.components[2]?.evidence])
  }
})
