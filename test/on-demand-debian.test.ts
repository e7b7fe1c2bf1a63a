// On-demand learning of Debian packages (docs/debian.md "On demand") from the FIXTURE repository
// test/fixtures/debian/repo (README there), which the server's worker reads through apt as a local file: repository
// (DEBIAN_MIRROR, DEBIAN_SECURITY_MIRROR and DEBIAN_MIRROR_TRUSTED): an unknown package answered within the wait with
// its license, the versions read in each ON_DEMAND mode, a name the suites lack remembered for the negative TTL,
// other distributions and names Debian refuses never queued; the two phases, known then analyzed. The npm
// equivalents: test/on-demand.test.ts.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { KNOWN_PRIORITY, ON_DEMAND_PRIORITY, parseUnitOptions } from '../src/domain/kb/ingest-queue.ts'
import { unitRunners } from '../src/jobs/unit-runner.ts'
import { type Walker, walkCommand } from '../src/sources/debian/deb-file.ts'
import type { TestApp } from './helpers/app.ts'
import { post, versions } from './helpers/debian-kb.ts'
import { debianRepoApp } from './helpers/debian-repo-app.ts'

const ZLIB = 'pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12'
const SASL_OLD = '2.1.28+dfsg-10'
const SASL_NEW = '2.1.28+dfsg-10+deb12u1'

/** An app learning on demand, its Debian units read from the fixture repository through a fresh apt folder. */
const app = (env: Record<string, string> = {}) => debianRepoApp({ env, onDemand: true })

/** The ingestion queue's units of a phase, as [source, name, state, last error, options.analyze]. */
async function units(t: TestApp, phase: 'known' | 'analysis' = 'known') {
  const rows = await t.storage.db
    .selectFrom('ingest_queue')
    .select(['source', 'name', 'state', 'last_error', 'options'])
    .orderBy('id')
    .execute()
  return rows
    .filter((r) => JSON.parse(r.options).phase === phase)
    .map((r) => [r.source, r.name, r.state, r.last_error, JSON.parse(r.options).analyze])
}

describe('Debian packages on demand', () => {
  test('an unknown package is fetched from the suites and answered within the wait, with its license', async () => {
    const t = await app()
    try {
      const [zlib, sasl] = await post(t, '/v2/licenses/components', [
        { purl: ZLIB },
        { purl: `pkg:deb/debian/libsasl2-2@${SASL_OLD}?arch=amd64&distro=debian-12` },
      ])
      assert.equal(zlib?.info_code, undefined, JSON.stringify(zlib))
      assert.deepEqual([zlib?.statement, zlib?.licenses?.map((l) => l.id)], ['Zlib', ['Zlib']])
      assert.equal(sasl?.info_code, undefined, JSON.stringify(sasl))
      assert.equal(sasl?.version, SASL_OLD)
      assert.deepEqual(await units(t), [
        ['debian', 'zlib1g', 'done', null, 'all'],
        ['debian', 'libsasl2-2', 'done', null, 'all'],
      ])
      // ON_DEMAND=analyze: every version in the suites read, the older one too
      const read = (await versions(t, 'libsasl2-2')).map((v) => [v.version, v.license_expression !== null])
      assert.deepEqual(read, [
        [SASL_OLD, true],
        [SASL_NEW, true],
      ])
      // the changelog's fixed CVEs came with it: the older version is affected by the newer one's fix
      const [vulns] = await post(t, '/v2/vulnerabilities/components', [
        { purl: `pkg:deb/debian/libsasl2-2@${SASL_OLD}` },
      ])
      assert.ok(
        vulns?.vulnerabilities?.some((v) => v.cve === 'CVE-2026-107161' && v.source === 'debian-changelog'),
        JSON.stringify(vulns),
      )
    } finally {
      await t.close()
    }
  })

  test("a unit walks what it reads off the API's thread: cryptography from the upstream source", async () => {
    const t = await app()
    try {
      const [crypto] = await post(t, '/v2/cryptography/algorithms/components', [
        { purl: `pkg:deb/debian/libsasl2-2@${SASL_OLD}?arch=amd64&distro=debian-12` },
      ])
      const names = ((crypto as { algorithms?: { algorithm: string }[] }).algorithms ?? []).map((a) => a.algorithm)
      assert.ok(names.includes('md5') && names.includes('hmac'), JSON.stringify(crypto))
    } finally {
      await t.close()
    }
  })

  test("a known version's missing analysis is its package's analysis (no source here: still NO_INFO)", async () => {
    // no negative TTL: ended units are forgotten at once
    const t = await app({ ON_DEMAND_NEGATIVE_TTL: '0' })
    try {
      const [lic] = await post(t, '/v2/licenses/components', [{ purl: ZLIB }])
      assert.equal(lic?.info_code, undefined, JSON.stringify(lic))
      const [crypto] = await post(t, '/v2/cryptography/algorithms/components', [{ purl: ZLIB }])
      assert.equal((crypto as { error_code?: string } | undefined)?.error_code, 'NO_INFO')
      assert.doesNotMatch(JSON.stringify(crypto), /being fetched/, 'the question waited for the analysis to end')
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body
      const count = (result: string) =>
        Number(new RegExp(`compintel_on_demand_packages_total\\{result="${result}"\\} (\\d+)\n`).exec(metrics)?.[1])
      // the licenses question queued zlib1g (known, then analysis); the cryptography question joined its analysis or,
      // had it ended, queued one again
      assert.ok(count('queued') >= 1 && count('queued') + count('joined') >= 2, metrics)
    } finally {
      await t.close()
    }
  })

  test('ON_DEMAND=metadata reads the newest version only', async () => {
    const t = await app({ ON_DEMAND: 'metadata' })
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v2/components/versions?purl=${encodeURIComponent('pkg:deb/debian/libsasl2-2')}`,
        headers: { 'x-api-key': t.keys.full },
      })
      const c = res.json().component
      assert.equal(c.error_code, undefined, res.body)
      assert.deepEqual(c.versions.map((v: { version: string }) => v.version).sort(), [SASL_OLD, SASL_NEW])
      assert.deepEqual(await units(t), [['debian', 'libsasl2-2', 'done', null, 'latest']])
      const read = (await versions(t, 'libsasl2-2')).map((v) => [v.version, v.license_expression !== null])
      assert.deepEqual(read, [
        [SASL_OLD, false],
        [SASL_NEW, true],
      ])
    } finally {
      await t.close()
    }
  })

  test('a name the suites do not list is remembered for ON_DEMAND_NEGATIVE_TTL', async () => {
    const t = await app()
    try {
      for (let i = 0; i < 3; i++) {
        const [a] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:deb/debian/no-such-package@1.0-1' }])
        assert.equal(a?.info_code, 'COMPONENT_NOT_FOUND')
        assert.doesNotMatch(JSON.stringify(a), /being fetched/)
      }
      assert.deepEqual(await units(t), [['debian', 'no-such-package', 'failed', 'not found', 'all']])
      assert.deepEqual(await units(t, 'analysis'), [['debian', 'no-such-package', 'failed', 'not found', 'all']])
    } finally {
      await t.close()
    }
  })

  test("other distributions' packages and names Debian refuses are never queued", async () => {
    const t = await app()
    try {
      const answers = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:deb/ubuntu/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=ubuntu-24.04' },
        { purl: 'pkg:deb/debian/bad_name@1.0-1' },
        { purl: 'pkg:deb/debian/-option@1.0-1' },
        { purl: 'pkg:deb/zlib1g@1:1.2.13.dfsg-1' },
      ])
      for (const a of answers) assert.equal(a.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(a))
      assert.deepEqual(await units(t), [])
    } finally {
      await t.close()
    }
  })
})

test('two phases: a package is known with its licenses after the first unit, analyzed after the second', async () => {
  // no worker in the app: the test runs the units the request queued, in turn
  const t = await app({ ON_DEMAND_CONCURRENCY: '0', ON_DEMAND_WAIT_MS: '0' })
  try {
    const purl = `pkg:deb/debian/libsasl2-2@${SASL_OLD}?arch=amd64&distro=debian-12`
    const [before] = await post(t, '/v2/licenses/components', [{ purl }])
    assert.match(JSON.stringify(before), /being fetched/)
    const rows = await t.storage.db.selectFrom('ingest_queue').select(['name', 'options', 'priority']).execute()
    const queued = rows.map((r) => [r.name, parseUnitOptions(r.options).phase, r.priority])
    assert.deepEqual(queued, [
      ['libsasl2-2', 'known', KNOWN_PRIORITY],
      ['libsasl2-2', 'analysis', ON_DEMAND_PRIORITY],
    ])
    assert.ok(KNOWN_PRIORITY > ON_DEMAND_PRIORITY, 'every package asked is known before any is analyzed')
    const { debian } = unitRunners(t.storage, t.config.growth)
    const algorithms = async () => {
      const [c] = await post(t, '/v2/cryptography/algorithms/components', [{ purl }])
      return ((c as { algorithms?: { algorithm: string }[] }).algorithms ?? []).map((a) => a.algorithm)
    }
    const [known, analysis] = rows.map((r) => ({ name: r.name, options: parseUnitOptions(r.options) }))
    await debian?.(known as NonNullable<typeof known>)
    const [lic] = await post(t, '/v2/licenses/components', [{ purl }])
    assert.equal(lic?.info_code, undefined, JSON.stringify(lic))
    assert.ok((lic?.licenses ?? []).length > 0, JSON.stringify(lic))
    assert.deepEqual(await algorithms(), [], 'known, not analyzed yet')
    await debian?.(analysis as NonNullable<typeof analysis>)
    assert.ok((await algorithms()).includes('md5'), 'analyzed: the upstream source walked')
  } finally {
    await t.close()
  }
})

test("a `compintel worker`'s Debian unit reads the versions with the analyzers: the upstream source too", async () => {
  const t = await app()
  try {
    const { debian } = unitRunners(t.storage, t.config.growth)
    await debian?.({ name: 'libsasl2-2', options: { analyze: 'all', versions: 'all', withDependencies: false } })
    const [crypto] = await post(t, '/v2/cryptography/algorithms/components', [
      { purl: `pkg:deb/debian/libsasl2-2@${SASL_OLD}` },
    ])
    const names = ((crypto as { algorithms?: { algorithm: string }[] }).algorithms ?? []).map((a) => a.algorithm)
    assert.ok(names.includes('md5'), names.join(' '))
  } finally {
    await t.close()
  }
})

test('a Debian unit aborted during its walks fails at once; the work behind it writes nothing', async () => {
  const t = await app()
  try {
    let walking: () => void = () => {}
    const walked = new Promise<void>((resolve) => {
      walking = resolve
    })
    let active = 0
    let lastEnd = Date.now()
    // walks that run to the end whatever the abort (as one that was answering when it came): then the unit's writes
    // are what must not happen
    const walker: Walker = async (command, args, analyzers) => {
      active++
      walking()
      try {
        return await walkCommand(command, args, analyzers)
      } finally {
        active--
        lastEnd = Date.now()
      }
    }
    const { debian } = unitRunners(t.storage, t.config.growth, { walker })
    const ac = new AbortController()
    const run = debian?.({
      name: 'libsasl2-2',
      options: { analyze: 'all', versions: 'all', withDependencies: false },
      signal: ac.signal,
    })
    await walked
    ac.abort(new Error('stopping'))
    await assert.rejects(run as Promise<unknown>, /stopping/)
    // the work behind the unit goes on until its next step: wait until no walk has run for a while
    for (let i = 0; i < 200 && (active > 0 || Date.now() - lastEnd < 1000); i++) await sleep(50)
    const rows = await t.storage.db.selectFrom('components').select('purl').where('purl_type', '=', 'deb').execute()
    assert.deepEqual(rows, [], 'no package written')
    assert.deepEqual(await t.storage.db.selectFrom('advisories').select('id').execute(), [], 'no advisory')
  } finally {
    await t.close()
  }
})
