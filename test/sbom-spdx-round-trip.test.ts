// Round trips of real SPDX 2.3 documents nobody here wrote, through the enrichment over a KB of FIXTURE packages
// (test/helpers/spdx-kb.ts), checked with the SPDX project's own tools (test/helpers/spdx-validate.ts): the SPDX
// project's example document, and npm's own SPDX of a FIXTURE project (test/fixtures/spdx).
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ADVISORY_PAGE, byPurl, comments, type Json, type Pkg, type SpdxKb, spdxKb, TOOL } from './helpers/spdx-kb.ts'
import { spdxExample, spdxMessages } from './helpers/spdx-validate.ts'

let kb: SpdxKb
before(async () => {
  kb = await spdxKb()
})
after(() => kb.f.close())

test("the SPDX project's own 2.3 example stays valid, its packages, files and relationships kept", async () => {
  const text = spdxExample()
  const original = JSON.parse(text) as Json & { packages: Pkg[] }
  assert.deepEqual(spdxMessages(original), [], 'the example is valid as it comes')
  const out = await kb.enriched(text)
  assert.deepEqual(spdxMessages(out), [])
  assert.deepEqual(
    out.packages.map((p) => p.SPDXID),
    original.packages.map((p) => p.SPDXID),
  )
  for (const key of ['relationships', 'files', 'snippets', 'externalDocumentRefs', 'comment', 'SPDXID', 'name'])
    assert.deepEqual(out[key], original[key], key)
  assert.notEqual(out.documentNamespace, original.documentNamespace)
  const jena = byPurl(out.packages, 'pkg:maven/org.apache.jena/apache-jena@3.12.0')
  assert.match(comments(jena).at(-1) ?? '', /^compintel:not-enriched licenses: COMPONENT_NOT_FOUND/)
  const creators = (out.creationInfo as { creators: string[] }).creators
  assert.deepEqual(creators, [...(original.creationInfo as { creators: string[] }).creators, TOOL])
})

test("npm's own SPDX 2.3 of a FIXTURE project (npm sbom) comes back valid and enriched", async () => {
  const cwd = fileURLToPath(new URL('./fixtures/spdx/npm-project', import.meta.url))
  const text = execFileSync('npm', ['sbom', '--sbom-format', 'spdx', '--package-lock-only', '--offline'], {
    cwd,
    encoding: 'utf8',
  })
  const npm = JSON.parse(text) as Json & { packages: Pkg[] }
  const out = await kb.enriched(text)
  assert.deepEqual(spdxMessages(out), [])
  assert.deepEqual(out.relationships, npm.relationships)
  assert.deepEqual(
    out.packages.map((p) => [p.name, p.licenseDeclared, p.licenseConcluded]),
    [
      ['fixture-sbom-app', 'MIT', undefined],
      ['fixture-crypto', 'MIT', undefined],
      ['fixture-hfh', 'MIT', undefined],
      ['fixture-scan', 'MIT', undefined],
    ],
  )
  assert.match(comments(out.packages[0])[0] ?? '', /^compintel:not-enriched licenses: COMPONENT_NOT_FOUND/)
  const scan = byPurl(out.packages, 'pkg:npm/fixture-scan@1.0.0')
  assert.ok(scan.externalRefs?.some((r) => r.referenceType === 'advisory' && r.referenceLocator === ADVISORY_PAGE))
  assert.equal(byPurl(out.packages, 'pkg:npm/fixture-hfh@1.1.0').homepage, 'https://www.npmjs.com/package/fixture-hfh')
})
