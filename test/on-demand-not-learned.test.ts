// An answer says why a package could not be learned (docs/kb-growth.md "Waiting, and what an answer says";
// domain/on-demand/not-learned.ts), over the FIXTURE repository test/fixtures/debian/repo (README there): its only
// golang.org/x/xerrors is golang-golang-x-xerrors-dev 0.0~git20200804.5ec99f8-1, Debian's snapshot of the untagged
// commit 5ec99f83aff1, so a pseudo-version of another commit (9bdfabe, Debian's previous snapshot, as its changelog
// says) is refused: the answer keeps COMPONENT_NOT_FOUND and names the snapshot, now and while the failure is
// remembered (ON_DEMAND_NEGATIVE_TTL), on every question (the transitive walk's status message names it with why);
// a module no package ships stays a plain "Component not found".
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { TestApp } from './helpers/app.ts'
import { post, reply } from './helpers/debian-kb.ts'
import { debianRepoApp, queueUnits } from './helpers/debian-repo-app.ts'

const OTHER_COMMIT = 'pkg:golang/golang.org/x/xerrors@v0.0.0-20191204190536-9bdfabe68543'
const WHY =
  /^Component not found; it could not be learned from its source \(refused \(format\): golang\.org\/x\/xerrors: golang-golang-x-xerrors-dev 0\.0~git20200804\.5ec99f8-1: Debian snapshot 0\.0~git20200804\.5ec99f8 of an untagged commit: the commit date without its time, no Go pseudo-version/

const WALK_WHY =
  /^Success; skipped 1 input component\(s\): pkg:golang\/golang\.org\/x\/xerrors@v0\.0\.0-20191204190536-9bdfabe68543 \(Component not found\); 1 component\(s\) could not be learned from their source: pkg:golang\/golang\.org\/x\/xerrors \(refused \(format\): golang\.org\/x\/xerrors: golang-golang-x-xerrors-dev 0\.0~git20200804\.5ec99f8-1: Debian snapshot/

interface Said {
  info_code?: string
  info_message?: string
}

/** The transitive walk's answer for one input. */
async function transitive(t: TestApp, purl: string): Promise<{ dependencies: unknown[]; status: { message: string } }> {
  return reply(t, '/v2/dependencies/transitive/components', [{ purl }])
}

describe('an answer says why its package could not be learned', () => {
  test('a Debian snapshot of another commit: refused, and every answer says so, at once while remembered', async () => {
    const t = await debianRepoApp({ onDemand: true })
    try {
      const [first] = (await post(t, '/v2/licenses/components', [{ purl: OTHER_COMMIT }])) as Said[]
      assert.equal(first?.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(first))
      assert.match(String(first?.info_message), WHY)
      const units = await queueUnits(t)
      assert.ok(
        units.some((u) => u[1] === 'golang.org/x/xerrors' && u[3] === 'failed'),
        JSON.stringify(units),
      )
      // asked again (another question, another area's need): the failure a moment ago answers it, nothing queued
      const [vulnerabilities] = (await post(t, '/v2/vulnerabilities/components', [{ purl: OTHER_COMMIT }])) as Said[]
      assert.equal(vulnerabilities?.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(vulnerabilities))
      assert.match(String(vulnerabilities?.info_message), WHY)
      const [algorithms] = (await post(t, '/v2/cryptography/algorithms/components', [{ purl: OTHER_COMMIT }])) as Said[]
      assert.equal(algorithms?.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(algorithms))
      assert.match(String(algorithms?.info_message), WHY)
      // the transitive walk skips the input, and says its package could not be learned, and why
      assert.match((await transitive(t, OTHER_COMMIT)).status.message, WALK_WHY)
      assert.equal((await queueUnits(t)).length, units.length, 'nothing queued again')
    } finally {
      await t.close()
    }
  })

  test('the transitive walk that first asks for it waits for the refusal and says why', async () => {
    const t = await debianRepoApp({ onDemand: true })
    try {
      const walk = await transitive(t, OTHER_COMMIT)
      assert.deepEqual(walk.dependencies, [])
      assert.match(walk.status.message, WALK_WHY)
      assert.doesNotMatch(walk.status.message, /being fetched/)
    } finally {
      await t.close()
    }
  })

  test('a module no package ships: a plain "Component not found", now and while remembered', async () => {
    const t = await debianRepoApp({ onDemand: true })
    try {
      const purl = 'pkg:golang/example.org/fixture/nowhere@v1.0.0'
      for (const url of ['/v2/licenses/components', '/v2/vulnerabilities/components']) {
        const [answer] = (await post(t, url, [{ purl }])) as Said[]
        assert.deepEqual(
          { code: answer?.info_code, message: answer?.info_message },
          { code: 'COMPONENT_NOT_FOUND', message: 'Component not found' },
          url,
        )
      }
      const unit = (await queueUnits(t)).find((u) => u[1] === 'example.org/fixture/nowhere' && u[2] === 'known')
      assert.deepEqual(unit?.slice(3), ['failed', 'not found'])
    } finally {
      await t.close()
    }
  })
})
