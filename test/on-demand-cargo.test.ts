// Crates learned on demand from Debian's packages (docs/cargo.md "On demand"), from the FIXTURE repository
// test/fixtures/debian/repo (README there) that the server's worker reads through apt as a local file: repository:
// an unknown crate answered within the wait, however its name is spelt; the two phases, known then analyzed; a crate
// no package ships remembered as not found; names Cargo refuses and other registries' purls never queued. The Debian
// equivalents: test/on-demand-debian.test.ts.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { KNOWN_PRIORITY, ON_DEMAND_PRIORITY, parseUnitOptions } from '../src/domain/kb/ingest-queue.ts'
import { unitRunners } from '../src/jobs/unit-runner.ts'
import { analysesOf, post } from './helpers/debian-kb.ts'
import { debianRepoApp, queueUnits as units } from './helpers/debian-repo-app.ts'

const app = (env: Record<string, string> = {}) => debianRepoApp({ env, onDemand: true })

describe('crates on demand', () => {
  test('an unknown crate is learned from its Debian package and answered within the wait, as Cargo spells it', async () => {
    const t = await app()
    try {
      const [itoa, lazy] = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:cargo/itoa@1.0.1' },
        { purl: 'pkg:cargo/Lazy-Static', requirement: '^1.4' },
      ])
      assert.equal(itoa?.info_code, undefined, JSON.stringify(itoa))
      assert.equal(itoa?.version, '1.0.1')
      assert.ok(
        itoa?.licenses?.some((l) => l.id === 'Apache-2.0'),
        JSON.stringify(itoa),
      )
      assert.equal(lazy?.info_code, undefined, JSON.stringify(lazy))
      assert.equal(lazy?.version, '1.4.0')
      // the licenses waited for the known phase; each crate's analysis is queued behind it
      const queued = await units(t)
      assert.deepEqual(
        queued.filter((u) => u[2] === 'known'),
        [
          ['cargo', 'itoa', 'known', 'done', null],
          ['cargo', 'lazy-static', 'known', 'done', null],
        ],
      )
      assert.deepEqual(
        queued.filter((u) => u[2] === 'analysis').map((u) => u[1]),
        ['itoa', 'lazy-static'],
      )
      // a question that needs the analysis waits for it: the crate walked in an artifact thread
      const [crypto] = await post(t, '/v2/cryptography/algorithms/components', [{ purl: 'pkg:cargo/itoa@1.0.1' }])
      assert.doesNotMatch(JSON.stringify(crypto), /being fetched/)
      const analyzed = await analysesOf(t, 'pkg:cargo/itoa')
      assert.ok(analyzed.length >= 3, JSON.stringify(analyzed))
      // the answer's purl is the crate's own name
      const res = await t.app.inject({
        method: 'GET',
        url: `/v2/components/versions?purl=${encodeURIComponent('pkg:cargo/lazy-static')}`,
        headers: { 'x-api-key': t.keys.full },
      })
      assert.equal(res.statusCode, 200, res.body)
      assert.match(res.body, /1\.4\.0/)
    } finally {
      await t.close()
    }
  })

  test('a crate no package ships: not found, remembered; names Cargo refuses and other registries never queued', async () => {
    const t = await app()
    try {
      for (let i = 0; i < 2; i++) {
        const [a] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:cargo/serde@1.0.0' }])
        assert.equal(a?.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(a))
        assert.doesNotMatch(JSON.stringify(a), /being fetched/)
      }
      const answers = await post(t, '/v2/licenses/components', [
        { purl: 'pkg:cargo/1bad@1.0.0' },
        { purl: 'pkg:cargo/a.b@1.0.0' },
        { purl: 'pkg:cargo/itoa@1.0.1?repository_url=https://example.org/index' },
      ])
      for (const a of answers) assert.equal(a.info_code, 'COMPONENT_NOT_FOUND', JSON.stringify(a))
      assert.deepEqual(await units(t), [
        ['cargo', 'serde', 'known', 'failed', 'not found'],
        ['cargo', 'serde', 'analysis', 'failed', 'not found'],
      ])
    } finally {
      await t.close()
    }
  })
})

test('two phases: a crate is known with its license after the first unit, analyzed after the second', async () => {
  // no worker in the app: the test runs the units the request queued, in turn
  const t = await app({ ON_DEMAND_CONCURRENCY: '0', ON_DEMAND_WAIT_MS: '0' })
  try {
    const purl = 'pkg:cargo/either@1.6.1'
    const [before] = await post(t, '/v2/licenses/components', [{ purl }])
    assert.match(JSON.stringify(before), /being fetched/)
    const rows = await t.storage.db
      .selectFrom('ingest_queue')
      .select(['name', 'options', 'priority'])
      .orderBy('id')
      .execute()
    assert.deepEqual(
      rows.map((r) => [r.name, parseUnitOptions(r.options).phase, r.priority]),
      [
        ['either', 'known', KNOWN_PRIORITY],
        ['either', 'analysis', ON_DEMAND_PRIORITY],
      ],
    )
    const { cargo } = unitRunners(t.storage, t.config.growth)
    const [known, analysis] = rows.map((r) => ({ name: r.name, options: parseUnitOptions(r.options) }))
    await cargo?.(known as NonNullable<typeof known>)
    const [lic] = await post(t, '/v2/licenses/components', [{ purl }])
    assert.equal(lic?.info_code, undefined, JSON.stringify(lic))
    const analyzed = () => t.storage.db.selectFrom('analyses').select('analyzer').execute()
    assert.deepEqual(await analyzed(), [], 'known, not analyzed yet')
    await cargo?.(analysis as NonNullable<typeof analysis>)
    assert.ok((await analyzed()).length > 0, 'analyzed: the crate walked')
  } finally {
    await t.close()
  }
})

test('ON_DEMAND=metadata: the known phase only', async () => {
  const t = await app({ ON_DEMAND: 'metadata' })
  try {
    const [a] = await post(t, '/v2/licenses/components', [{ purl: 'pkg:cargo/itoa@1.0.1' }])
    assert.equal(a?.info_code, undefined, JSON.stringify(a))
    assert.deepEqual(await units(t), [['cargo', 'itoa', 'known', 'done', null]])
    assert.deepEqual(await t.storage.db.selectFrom('analyses').select('analyzer').execute(), [])
  } finally {
    await t.close()
  }
})
