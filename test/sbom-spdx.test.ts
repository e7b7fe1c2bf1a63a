// The enriched SPDX 2.3 document (domain/sbom/spdx.ts) from a KB of FIXTURE packages (test/helpers/spdx-kb.ts),
// checked with the SPDX project's own tools (python spdx-tools from Debian, test/helpers/spdx-validate.ts): from
// CycloneDX, lockfile and purl inputs, license references, and documents broken on purpose failing the check.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, test } from 'node:test'
import { enrichComponents } from '../src/domain/sbom/enrich.ts'
import { readSbom } from '../src/domain/sbom/read-input.ts'
import { enrichedSpdx } from '../src/domain/sbom/spdx.ts'
import {
  ADVISORY_PAGE,
  byPurl,
  comments,
  type Json,
  OPTIONS,
  type Pkg,
  type SpdxKb,
  spdxKb,
  TOOL,
} from './helpers/spdx-kb.ts'
import { spdxMessages } from './helpers/spdx-validate.ts'

let kb: SpdxKb
before(async () => {
  kb = await spdxKb()
})
after(() => kb.f.close())

test('a CycloneDX BOM becomes a valid SPDX 2.3 document with licenses, checksums, advisories and relationships', async () => {
  const sha256 = createHash('sha256').update('FIXTURE fixture-scan 1.0.0').digest('hex')
  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    metadata: { component: { type: 'application', name: 'fx-app', 'bom-ref': 'app' } },
    components: [
      {
        'bom-ref': 'pkg:npm/fixture-scan@1.0.0',
        type: 'library',
        name: 'fixture-scan',
        version: '1.0.0',
        purl: 'pkg:npm/fixture-scan@1.0.0',
        hashes: [{ alg: 'SHA-256', content: sha256.toUpperCase() }],
        licenses: [{ license: { id: 'MIT' } }],
      },
      { type: 'library', name: 'fixture-crypto', purl: 'pkg:npm/fixture-crypto@1.1.0' },
      { 'bom-ref': 'a/b', type: 'library', name: 'fx-nowhere', purl: 'pkg:npm/fx-nowhere@1.0.0' },
      { 'bom-ref': 'a:b', type: 'file', name: 'notes.txt' },
    ],
    dependencies: [{ ref: 'app', dependsOn: ['pkg:npm/fixture-scan@1.0.0', 'a/b', 'not-in-this-bom'] }],
  }
  const out = await kb.enriched(bom)
  assert.deepEqual(spdxMessages(out), [])
  const ids = out.packages.map((p) => p.SPDXID)
  assert.deepEqual(ids, [
    'SPDXRef-app',
    'SPDXRef-pkg-npm-fixture-scan-1.0.0',
    'SPDXRef-component-2',
    'SPDXRef-a-b',
    'SPDXRef-a-b-2',
  ])
  const scan = byPurl(out.packages, 'pkg:npm/fixture-scan@1.0.0')
  assert.deepEqual([scan.licenseDeclared, scan.licenseConcluded], ['MIT', 'NOASSERTION'])
  assert.deepEqual(scan.checksums, [{ algorithm: 'SHA256', checksumValue: sha256 }])
  assert.deepEqual(
    scan.externalRefs?.map((r) => [r.referenceCategory, r.referenceType, r.referenceLocator]),
    [
      ['PACKAGE-MANAGER', 'purl', 'pkg:npm/fixture-scan@1.0.0'],
      ['SECURITY', 'advisory', ADVISORY_PAGE],
    ],
  )
  assert.match(
    scan.externalRefs?.[1]?.comment ?? '',
    /^CVE-2099-0042, GHSA-fx00-scan-0042: Critical; CVSS 9\.8 .*fixed in 1\.1\.0; FIXTURE: out-of-bounds/,
  )
  // the FIXTURE advisory is fixed in 1.1.0, a version the KB has
  assert.deepEqual(comments(scan), [
    'compintel:remediation upgrade to 1.1.0 fixes the known vulnerability; upgrade to 1.1.0 fixes the critical and high ones',
    'compintel:cryptography sha1 (Weak)',
  ])
  assert.equal(scan.annotations?.[0]?.annotator, TOOL)
  const crypto = byPurl(out.packages, 'pkg:npm/fixture-crypto@1.1.0')
  assert.deepEqual([crypto.licenseDeclared, crypto.licenseConcluded], ['MIT', 'NOASSERTION'], 'from the KB')
  const gone = byPurl(out.packages, 'pkg:npm/fx-nowhere@1.0.0')
  assert.deepEqual([gone.licenseDeclared, gone.licenseConcluded], ['NOASSERTION', 'NOASSERTION'])
  assert.match(
    comments(gone)[0] ?? '',
    /^compintel:not-enriched licenses: COMPONENT_NOT_FOUND .*cryptography: COMPONENT/,
  )
  assert.deepEqual(
    out.relationships.map((r) => `${r.spdxElementId} ${r.relationshipType} ${r.relatedSpdxElement}`),
    [
      'SPDXRef-DOCUMENT DESCRIBES SPDXRef-app',
      'SPDXRef-app DEPENDS_ON SPDXRef-pkg-npm-fixture-scan-1.0.0',
      'SPDXRef-app DEPENDS_ON SPDXRef-a-b',
    ],
  )
  assert.deepEqual(out.creationInfo, { created: '2026-11-27T10:20:30Z', creators: [TOOL] })
  assert.deepEqual([out.name, out.documentNamespace, out.dataLicense], ['fx-app', OPTIONS.documentNamespace, 'CC0-1.0'])
  assert.deepEqual(comments({ annotations: out.annotations }), ['compintel:source:osv:fixture 2026-02-01'])
})

test('lockfile and purl inputs: one described package per component, the lockfile checksums and download URL', async () => {
  const tarball = 'FIXTURE tarball bytes'
  const lock = {
    name: 'fx-lock',
    lockfileVersion: 3,
    packages: {
      '': { name: 'fx-lock', version: '1.0.0' },
      'node_modules/fixture-scan': {
        version: '1.0.0',
        // the tarball's address on the FIXTURE registry the KB was ingested from (127.0.0.1)
        resolved: new URL('fixture-scan/-/fixture-scan-1.0.0.tgz', kb.f.reg.url).href,
        integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
        license: 'MIT',
      },
      // FIXTURE: a tarball served from a named host (a reserved test domain)
      'node_modules/fixture-alpha': {
        version: '1.1.0',
        resolved: 'https://downloads.example.test/fixture-alpha-1.1.0.tgz',
      },
    },
  }
  const fromLock = await kb.enriched(lock)
  assert.deepEqual(spdxMessages(fromLock), [])
  const [scan] = fromLock.packages
  assert.equal(scan?.SPDXID, 'SPDXRef-node-modules-fixture-scan')
  // the FIXTURE registry's address (127.0.0.1 and a port) is no download location in SPDX's grammar; a named host is
  assert.equal(scan?.downloadLocation, 'NOASSERTION')
  assert.equal(
    fromLock.packages.find((p) => p.name === 'fixture-alpha')?.downloadLocation,
    lock.packages['node_modules/fixture-alpha'].resolved,
  )
  assert.deepEqual(scan?.checksums, [
    { algorithm: 'SHA512', checksumValue: createHash('sha512').update(tarball).digest('hex') },
  ])
  const purls = await kb.enriched('pkg:npm/fixture-alpha@1.1.0\npkg:npm/fx-nowhere@2.0.0\n')
  assert.deepEqual(spdxMessages(purls), [])
  assert.deepEqual(
    purls.packages.map((p) => [p.SPDXID, p.name, p.licenseDeclared, p.licenseConcluded, p.downloadLocation]),
    [
      ['SPDXRef-line-1', 'fixture-alpha', 'MIT', 'NOASSERTION', 'NOASSERTION'],
      ['SPDXRef-line-2', 'fx-nowhere', 'NOASSERTION', 'NOASSERTION', 'NOASSERTION'],
    ],
  )
  assert.equal(purls.packages[0]?.licenseComments, "compintel: licenses found in the package's files: MIT")
  assert.deepEqual(
    purls.relationships.map((r) => `${r.spdxElementId} ${r.relationshipType} ${r.relatedSpdxElement}`),
    ['SPDXRef-DOCUMENT DESCRIBES SPDXRef-line-1', 'SPDXRef-DOCUMENT DESCRIBES SPDXRef-line-2'],
  )
  assert.match(comments(purls.packages[1])[0] ?? '', /COMPONENT_NOT_FOUND/)
})

test('a LicenseRef is declared in hasExtractedLicensingInfos; a declared text that is not SPDX is a comment', async () => {
  const input = readSbom(JSON.stringify(['pkg:npm/fixture-crypto@1.1.0', 'pkg:npm/fixture-hfh@1.1.0']))
  const [crypto, hfh] = await enrichComponents(input, kb.f.t.services)
  assert.ok(crypto && hfh)
  const facts = [
    { ...crypto, licenseOrigin: { declaredExpression: 'MIT or LicenseRef-fx-own', declaredText: '', detected: [] } },
    { ...hfh, licenseOrigin: { declaredExpression: '', declaredText: 'SEE LICENSE IN fx.txt', detected: ['MIT'] } },
  ]
  const out = enrichedSpdx(input, null, facts, OPTIONS) as Json & { packages: Pkg[] }
  assert.deepEqual(spdxMessages(out), [])
  assert.deepEqual(
    out.packages.map((p) => [p.licenseDeclared, p.licenseComments]),
    [
      ['MIT OR LicenseRef-fx-own', undefined],
      [
        'NOASSERTION',
        'compintel: declared on its registry as "SEE LICENSE IN fx.txt" (not an SPDX expression); licenses found in ' +
          "the package's files: MIT",
      ],
    ],
  )
  assert.deepEqual(
    (out.hasExtractedLicensingInfos as Json[]).map((l) => [l.licenseId, l.extractedText]),
    [['LicenseRef-fx-own', 'NOASSERTION']],
  )
  const undeclared = { ...out, hasExtractedLicensingInfos: undefined }
  assert.ok(spdxMessages(undeclared).some((m) => m.includes('Unrecognized license reference: LicenseRef-fx-own')))
})

test('the validator fails a broken document: a bad SPDXID, an unknown element, an unknown property', async () => {
  const out = await kb.enriched(['pkg:npm/fixture-crypto@1.1.0'])
  assert.deepEqual(spdxMessages(out), [])
  const [pkg] = out.packages
  const badId = { ...out, packages: [{ ...pkg, SPDXID: 'SPDXRef-item_1' }] }
  assert.ok(spdxMessages(badId).some((m) => m.includes('SPDXRef-item_1')))
  const dangling = {
    ...out,
    relationships: [...out.relationships, { ...out.relationships[0], relatedSpdxElement: 'SPDXRef-x' }],
  }
  assert.ok(spdxMessages(dangling).some((m) => m.includes('did not find the referenced spdx_id "SPDXRef-x"')))
  const misspelt = { ...out, packages: [{ ...pkg, licenceDeclared: 'MIT' }] }
  assert.deepEqual(spdxMessages(misspelt), ["unknown property 'licenceDeclared' in document.packages[0]"])
})
