// Maven artifacts learned on demand from Debian's Java library packages (docs/maven.md "On demand"), from the FIXTURE
// repository test/fixtures/debian/repo (README there: libcommons-lang3-java with its parents' packages,
// libcommons-parent-java and libapache-pom-java) that the server's worker reads through apt as a local file:
// repository: an unknown artifact answered at its upstream version with the package's license, its parents read from
// the other packages the Contents index names; its jar and its source package's upstream tarball (the code)
// analyzed in the second phase; an artifact no package ships
// remembered as not found; names Maven refuses and other repositories' purls never queued.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { analysesOf, manifestDependencies, post } from './helpers/debian-kb.ts'
import { debianRepoApp, queueUnits as units } from './helpers/debian-repo-app.ts'

const app = (env: Record<string, string> = {}) => debianRepoApp({ env, onDemand: true })

describe('Maven artifacts on demand', () => {
  test("an unknown artifact is learned from its Debian package: upstream version, the package's license, then analyzed", async () => {
    const t = await app()
    try {
      const [lang] = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:maven/org.apache.commons/commons-lang3@3.12.0' },
      ])
      assert.equal(lang?.info_code, undefined, JSON.stringify(lang))
      assert.equal(lang?.version, '3.12.0')
      // Debian's POM declares no <licenses>: the package's copyright file (DEP-5) says Apache-2.0
      assert.ok(
        lang?.licenses?.some((l) => l.id === 'Apache-2.0'),
        JSON.stringify(lang),
      )
      const queued = await units(t)
      assert.deepEqual(
        queued.filter((u) => u[2] === 'known'),
        [['maven', 'org.apache.commons:commons-lang3', 'known', 'done', null]],
      )
      const [crypto] = await post(t, '/v2/cryptography/algorithms/components', [
        { purl: 'pkg:maven/org.apache.commons/commons-lang3@3.12.0' },
      ])
      assert.doesNotMatch(JSON.stringify(crypto), /being fetched/)
      const analyzed = await analysesOf(t, 'pkg:maven/org.apache.commons/commons-lang3')
      assert.ok(analyzed.length >= 1, JSON.stringify(analyzed))
      assert.match(analyzed[0]?.status_raw ?? '', /^debian:libcommons-lang3-java@3\.12\.0-2\+deb12u1/)
      // the code read is the source package's upstream tarball (its .java files), the jar's classes beside it
      const paths = (
        await t.storage.db
          .selectFrom('version_files')
          .innerJoin('versions', 'versions.id', 'version_files.version_id')
          .select('path')
          .where('versions.version', '=', '3.12.0')
          .execute()
      ).map((f) => f.path)
      const top = 'commons-lang-rel-commons-lang-3.12.0'
      assert.ok(
        paths.includes(`${top}/src/main/java/org/apache/commons/lang3/StringUtils.java`),
        paths.length.toString(),
      )
      assert.ok(paths.includes(`${top}/LICENSE.txt`))
      assert.ok(paths.some((p) => p.endsWith('.class')))
    } finally {
      await t.close()
    }
  })

  test('an artifact no package ships: not found; names Maven refuses and other repositories never queued', async () => {
    const t = await app()
    try {
      const [a] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:maven/org.example/nothing@1.0' }])
      assert.equal(a?.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(a))
      const answers = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:maven/commons-lang3@3.12.0' },
        { purl: 'pkg:maven/org.apache.commons/commons-lang3@3.12.0?repository_url=https://example.org/maven2' },
      ])
      for (const x of answers) assert.equal(x.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(x))
      assert.deepEqual(await units(t), [
        ['maven', 'org.example:nothing', 'known', 'failed', 'not found'],
        ['maven', 'org.example:nothing', 'analysis', 'failed', 'not found'],
      ])
    } finally {
      await t.close()
    }
  })
  test('scanoss-py scan --dependencies on a pom.xml: the artifact with its license', async () => {
    const t = await app()
    try {
      const deps = await manifestDependencies(t, 'pom.xml', [
        { purl: 'pkg:maven/org.apache.commons/commons-lang3@3.12.0' },
      ])
      assert.deepEqual(
        deps.map((d) => [d.purl, d.version, d.licenses.map((l) => l.spdx_id)]),
        [['pkg:maven/org.apache.commons/commons-lang3', '3.12.0', ['Apache-2.0']]],
        JSON.stringify(deps),
      )
    } finally {
      await t.close()
    }
  })
})
