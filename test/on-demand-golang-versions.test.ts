// Go modules learned on demand from Debian at their upstream versions (docs/golang.md "Finding a module's packages",
// "Versions"), from the FIXTURE repository test/fixtures/debian/repo (README there): golang-github-cespare-xxhash-dev
// 2.1.1-2 ships the module github.com/cespare/xxhash/v2 in the folder github.com/cespare/xxhash/ (dh-golang's import
// path), and golang-golang-x-xerrors-dev 0.0~git20200804.5ec99f8-1 is Debian's snapshot of the untagged commit
// 5ec99f83aff1 of golang.org/x/xerrors, whose Go pseudo-version is v0.0.0-20200804184101-5ec99f83aff1 (as public
// go.mod files require it): Debian's version has the commit's date and hash prefix, not its time, so the package is
// that version only when that pseudo-version is asked.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { post } from './helpers/debian-kb.ts'
import { debianRepoApp, queueUnits } from './helpers/debian-repo-app.ts'

const app = () => debianRepoApp({ onDemand: true })
const XERRORS = 'v0.0.0-20200804184101-5ec99f83aff1'

async function versionsOf(t: Awaited<ReturnType<typeof app>>, purl: string) {
  const rows = await t.storage.db
    .selectFrom('versions')
    .innerJoin('components', 'components.id', 'versions.component_id')
    .select(['versions.version', 'versions.status_raw'])
    .where('components.purl', '=', purl)
    .execute()
  return rows.map((r) => [r.version, r.status_raw?.split(' ')[0]])
}

describe('Go modules from Debian at their upstream versions', () => {
  test('a /v2 module in its unsuffixed folder: learned at its Go version with its license', async () => {
    const t = await app()
    try {
      const [xxhash] = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:golang/github.com/cespare/xxhash/v2@v2.1.1' },
      ])
      assert.equal(xxhash?.info_code, undefined, JSON.stringify(xxhash))
      assert.equal(xxhash?.version, 'v2.1.1')
      assert.ok(
        xxhash?.licenses?.some((l) => l.id === 'MIT'),
        JSON.stringify(xxhash),
      )
      assert.deepEqual(await versionsOf(t, 'pkg:golang/github.com/cespare/xxhash/v2'), [
        ['v2.1.1', 'debian:golang-github-cespare-xxhash-dev@2.1.1-2'],
      ])
      // the unsuffixed path is another module, which the folder's go.mod does not name: refused
      const [plain] = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:golang/github.com/cespare/xxhash@v2.1.1' },
      ])
      assert.equal(plain?.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(plain))
      const failed = (await queueUnits(t)).find((u) => u[1] === 'github.com/cespare/xxhash' && u[2] === 'known')
      assert.match(
        String(failed?.[4]),
        /go\.mod names "github\.com\/cespare\/xxhash\/v2", not github\.com\/cespare\/xxhash$/,
      )
      // a major version no folder's go.mod names is not found
      const [v3] = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:golang/github.com/cespare/xxhash/v3@v3.0.0' },
      ])
      assert.equal(v3?.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(v3))
      const missing = (await queueUnits(t)).find((u) => u[1] === 'github.com/cespare/xxhash/v3' && u[2] === 'known')
      assert.equal(missing?.[4], 'not found')
    } finally {
      await t.close()
    }
  })

  test('a Debian snapshot is the asked pseudo-version naming its commit, and no other', async () => {
    const t = await app()
    try {
      const [xerrors] = await post(t, '/v2/licenses/components', [
        { purl: `pkg:golang/golang.org/x/xerrors@${XERRORS}` },
      ])
      assert.equal(xerrors?.info_code, undefined, JSON.stringify(xerrors))
      assert.equal(xerrors?.version, XERRORS)
      assert.ok(
        xerrors?.licenses?.some((l) => l.id === 'BSD-3-Clause'),
        JSON.stringify(xerrors),
      )
      assert.deepEqual(await versionsOf(t, 'pkg:golang/golang.org/x/xerrors'), [
        [XERRORS, 'debian:golang-golang-x-xerrors-dev@0.0~git20200804.5ec99f8-1'],
      ])
    } finally {
      await t.close()
    }
    // the pseudo-version of another commit (9bdfabe, Debian's previous snapshot 0.0~git20191204.9bdfabe-1, as its
    // changelog says; the version as public go.mod files require it) is not this package's
    const u = await app()
    try {
      const other = 'v0.0.0-20191204190536-9bdfabe68543'
      const [xerrors] = await post(u, '/v2/licenses/components', [{ purl: `pkg:golang/golang.org/x/xerrors@${other}` }])
      assert.equal(xerrors?.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(xerrors))
      assert.deepEqual(await versionsOf(u, 'pkg:golang/golang.org/x/xerrors'), [])
      // every version left out: the unit fails, and says why (the queue's last error, `compintel status`)
      const failed = (await queueUnits(u)).find((r) => r[1] === 'golang.org/x/xerrors' && r[2] === 'known')
      assert.equal(failed?.[3], 'failed')
      assert.match(
        String(failed?.[4]),
        /^refused \(format\): golang\.org\/x\/xerrors: golang-golang-x-xerrors-dev 0\.0~git20200804\.5ec99f8-1: /,
      )
      assert.match(
        String(failed?.[4]),
        /Debian snapshot 0\.0~git20200804\.5ec99f8 of an untagged commit: the commit date without its time, no Go pseudo-version \(v0\.0\.0-20191204190536-9bdfabe68543: another commit\)/,
      )
    } finally {
      await u.close()
    }
  })
})
