// The enriched CycloneDX writer on hand-made FIXTURE facts: every algorithm of the catalogue as a crypto asset (its
// CBOM name, primitive, family, OID and security levels from data/crypto-cbom; modes as properties of their cipher;
// protocols; docs/sbom.md) valid against the official 1.6 and 1.7 schemas, and the license acknowledgements and
// evidence of components the KB knows.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { enrichedCycloneDx } from '../src/domain/sbom/cyclonedx.ts'
import type { ComponentFacts } from '../src/domain/sbom/enrich.ts'
import { readSbom } from '../src/domain/sbom/read-input.ts'
import { loadCatalogue } from '../src/ingest/crypto/catalogue.ts'
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
    protocols: [],
    problems: [],
    ...over,
  }
}

type Asset = {
  type: string
  'bom-ref': string
  name: string
  cryptoProperties: { assetType: string; algorithmProperties?: Record<string, unknown>; oid?: string }
  properties: { name: string; value: string }[]
}

/** The enriched BOM of fx-lib with these FIXTURE facts, checked against the official schema of its version. */
function enriched(over: Partial<ComponentFacts>, specVersion: '1.6' | '1.7', document?: unknown) {
  const input = readSbom(document ? JSON.stringify(document) : 'pkg:npm/fx-lib@1.0.0')
  const out = enrichedCycloneDx(input, document, [facts(over)], { ...OPTIONS, specVersion })
  assert.deepEqual(cycloneDxErrors(out), [], specVersion)
  const assets = (out.components as Asset[]).filter((c) => c.type === 'cryptographic-asset')
  return { out, assets: new Map(assets.map((a) => [a['bom-ref'], a])) }
}

const found = (...ids: string[]) => ids.map((algorithm) => ({ algorithm, strength: 'Strong' as const }))
const property = (a: Asset | undefined, name: string) =>
  a?.properties.filter((p) => p.name === name).map((p) => p.value)

test('every catalogue algorithm is a valid 1.6 and 1.7 asset; block ciphers once per mode, no mode an asset', () => {
  const modes = catalogue.filter((a) => a.cbom?.mode).map((a) => a.id)
  const ciphers = catalogue.filter((a) => a.cbom?.primitive === 'block-cipher').map((a) => a.id)
  assert.ok(modes.includes('cbc') && ciphers.includes('aes'))
  for (const specVersion of ['1.6', '1.7'] as const) {
    const { assets } = enriched({ algorithms: found(...catalogue.map((a) => a.id)) }, specVersion)
    assert.equal(assets.size, catalogue.length - modes.length + ciphers.length * (modes.length - 1))
    for (const a of assets.values()) assert.ok(!modes.includes(property(a, 'compintel:algorithm-id')?.[0] ?? ''))
    const props = (ref: string) => assets.get(ref)?.cryptoProperties.algorithmProperties
    const family = (f: string) => (specVersion === '1.7' ? { algorithmFamily: f } : {})
    assert.deepEqual(props('crypto/algorithm/aes/cbc'), {
      primitive: 'block-cipher',
      ...family('AES'),
      mode: 'cbc',
      classicalSecurityLevel: 128,
      nistQuantumSecurityLevel: 1,
    })
    assert.equal(assets.get('crypto/algorithm/aes/xts')?.cryptoProperties.algorithmProperties?.mode, 'other')
    assert.deepEqual(props('crypto/algorithm/ecdsa'), {
      primitive: 'signature',
      ...family('ECDSA'),
      nistQuantumSecurityLevel: 0,
    })
    assert.deepEqual(props('crypto/algorithm/rsa'), { nistQuantumSecurityLevel: 0 }, 'RSA encrypts and signs')
    assert.deepEqual(props('crypto/algorithm/md5'), {
      primitive: 'hash',
      ...family('MD5'),
      nistQuantumSecurityLevel: 0,
    })
    assert.deepEqual(props('crypto/algorithm/crc32'), undefined, 'a checksum is no cryptographic primitive')
    assert.equal(props('crypto/algorithm/rfc3211wrap')?.primitive, specVersion === '1.6' ? 'other' : 'key-wrap')
    assert.equal(assets.get('crypto/algorithm/x25519')?.cryptoProperties.oid, '1.3.101.110')
  }
})

test('AES: its CBOM name, OID arc and lowest levels; the modes its component uses as properties of it', () => {
  for (const specVersion of ['1.6', '1.7'] as const) {
    const alone = enriched({ algorithms: found('aes', 'sha1') }, specVersion)
    const aes = alone.assets.get('crypto/algorithm/aes')
    assert.equal(aes?.name, 'AES')
    assert.equal(aes?.cryptoProperties.oid, '2.16.840.1.101.3.4.1', 'the aes arc: the key size is not known')
    assert.equal(aes?.cryptoProperties.algorithmProperties?.nistQuantumSecurityLevel, 1)
    assert.match(property(aes, 'compintel:security-levels')?.[0] ?? '', /lowest/)
    assert.equal(alone.assets.get('crypto/algorithm/sha1')?.name, 'SHA-1')
    assert.equal(alone.assets.get('crypto/algorithm/sha1')?.cryptoProperties.oid, '1.3.14.3.2.26')

    const { out, assets } = enriched(
      { algorithms: [...found('aes', 'cbc', 'hmac'), { algorithm: 'ecb', strength: 'Weak' }] },
      specVersion,
    )
    assert.deepEqual(
      [...assets.values()].map((a) => [a['bom-ref'], a.name, a.cryptoProperties.algorithmProperties?.mode]),
      [
        ['crypto/algorithm/aes/cbc', 'AES-CBC', 'cbc'],
        ['crypto/algorithm/aes/ecb', 'AES-ECB', 'ecb'],
        ['crypto/algorithm/hmac', 'HMAC', undefined],
      ],
    )
    assert.deepEqual(property(assets.get('crypto/algorithm/aes/ecb'), 'compintel:strength'), ['Weak'])
    assert.deepEqual(property(assets.get('crypto/algorithm/aes/cbc'), 'compintel:strength'), ['Strong'])
    assert.deepEqual(out.dependencies, [
      {
        ref: 'component 0',
        provides: ['crypto/algorithm/aes/cbc', 'crypto/algorithm/aes/ecb', 'crypto/algorithm/hmac'],
      },
    ])
  }
})

test('a mode without a block cipher is a property of its component; TLS and SSH are protocol assets', () => {
  for (const specVersion of ['1.6', '1.7'] as const) {
    const { out, assets } = enriched(
      { algorithms: found('gcm', 'sha2'), protocols: ['jwt', 'ssh', 'tls', 'x509'] },
      specVersion,
    )
    assert.deepEqual([...assets.keys()], ['crypto/algorithm/sha2', 'crypto/protocol/ssh', 'crypto/protocol/tls'])
    assert.deepEqual(assets.get('crypto/protocol/tls')?.cryptoProperties, {
      assetType: 'protocol',
      protocolProperties: { type: 'tls' },
    })
    const lib = (out.components as Asset[])[0]
    assert.deepEqual(property(lib, 'compintel:cipher-mode'), ['gcm'])
  }
})

test('enriching again replaces an earlier enrichment’s assets and the provides naming them', () => {
  const first = enriched({ ref: 'fx', algorithms: found('aes', 'cbc') }, '1.6').out
  // an earlier writer's mode asset, as compintel wrote before modes were properties of their cipher
  const earlier = {
    ...first,
    components: [
      ...(first.components as Asset[]),
      {
        type: 'cryptographic-asset',
        'bom-ref': 'crypto/algorithm/cbc',
        name: 'Cipher Block Chaining',
        cryptoProperties: { assetType: 'algorithm' },
      },
    ],
    dependencies: [{ ref: 'fx', provides: ['crypto/algorithm/cbc', 'crypto/algorithm/aes/cbc'] }],
  }
  const again = enriched({ ref: 'fx', algorithms: found('aes', 'cbc') }, '1.6', earlier).out
  assert.deepEqual(
    (again.components as Asset[]).map((c) => c['bom-ref']),
    ['fx', 'crypto/algorithm/aes/cbc'],
  )
  assert.deepEqual(again.dependencies, [{ ref: 'fx', provides: ['crypto/algorithm/aes/cbc'] }])
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
