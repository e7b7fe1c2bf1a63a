// Component search ranking (docs/components.md): exact full name, then exact bare name, then prefix, then substring,
// popularity only inside a group; several words match names joined by - _ . /; and `limit` clamped to 50. On SQLite
// and PostgreSQL, over the FIXTURE KBs plus a few made-up `fxc-` packages written here.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { mapPackument } from '../src/sources/npm/map-packument.ts'
import type { Packument } from '../src/sources/npm/registry.ts'
import type { Storage } from '../src/storage/database.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { refreshPopularity } from '../src/storage/popularity.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { backends } from './helpers/backends.ts'
import { FIXTURE_AS_OF, loadFixtureKb } from './helpers/kb-fixture.ts'
import { loadCapturesFixtureKb } from './helpers/kb-fixture-captures.ts'

const MANY = 55

/** fxc-many-00 … fxc-many-54; their dependencies make the lookalikes of `lodash` more popular than `lodash` itself. */
function rankingPackuments(): Packument[] {
  const pkg = (name: string, dependencies: Record<string, string> = {}) =>
    ({
      name,
      'dist-tags': { latest: '1.0.0' },
      versions: { '1.0.0': { name, version: '1.0.0', license: 'MIT', dependencies } },
      time: { '1.0.0': '2024-01-01T00:00:00.000Z' },
    }) as Packument
  const dependsOn = (i: number): Record<string, string> =>
    i < 5
      ? { 'lodash.merge': '^1.0.0' }
      : i < 8
        ? { '@fxc/lodash': '^1.0.0' }
        : i < 10
          ? { 'fxc-lodash-kit': '^1.0.0' }
          : {}
  return [
    pkg('@fxc/lodash'),
    pkg('lodash.merge'),
    pkg('fxc-lodash-kit'),
    pkg('fxc-two-words'),
    pkg('fxc.dotted.name'),
    ...Array.from({ length: MANY }, (_, i) => pkg(`fxc-many-${String(i).padStart(2, '0')}`, dependsOn(i))),
  ]
}

async function loadRankingKb(storage: Storage): Promise<void> {
  await loadFixtureKb(storage)
  await loadCapturesFixtureKb(storage)
  const writer = new SqlKbWriter(storage)
  for (const p of rankingPackuments())
    await writer.writePackage({ ...mapPackument(p.name, p, FIXTURE_AS_OF), analyses: [] })
  await refreshPopularity(storage.db)
}

for (const backend of backends()) {
  describe(`component search ranking on ${backend.name}`, () => {
    let t: TestApp
    let cleanup: () => Promise<void>
    before(async () => {
      const opened = await backend.open()
      cleanup = opened.cleanup
      t = await makeTestApp({ storage: opened.storage })
      await loadRankingKb(opened.storage)
    })
    after(async () => {
      await t.close()
      await cleanup()
    })
    const names = async (query: string): Promise<string[]> => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v2/components/search?${query}`,
        headers: { 'x-api-key': t.keys.components },
      })
      assert.equal(res.statusCode, 200, res.body)
      return res.json().components.map((c: { name: string }) => c.name)
    }

    test('the unscoped exact name comes before a more popular scoped package with that bare name', async () => {
      // popularity: lodash.merge 5, @fxc/lodash 3, fxc-lodash-kit 2, lodash 0
      assert.deepEqual(await names('search=lodash'), ['lodash', '@fxc/lodash', 'lodash.merge', 'fxc-lodash-kit'])
      assert.deepEqual(await names('search=LODASH&package=npm'), [
        'lodash',
        '@fxc/lodash',
        'lodash.merge',
        'fxc-lodash-kit',
      ])
    })

    test('the full scoped name is an exact match; the bare name still ranks as exact among the rest', async () => {
      assert.deepEqual(await names('search=@fxc/lodash'), ['@fxc/lodash'])
      assert.deepEqual(await names('search=lodash&vendor=fxc'), ['@fxc/lodash'])
      // a GitHub repository: owner/name is the full name, the repository name the bare one (and the name answered:
      // docs/api-behaviour.md "Component names")
      assert.deepEqual(await names('search=scanner.c'), ['scanner.c'])
      assert.deepEqual(await names('search=scanoss/scanner.c'), ['scanner.c'])
    })

    test('inside a group, more dependents first, then name', async () => {
      // every fxc-many-* is a prefix hit with popularity 0; they come in name order
      const hits = await names('search=fxc-many&limit=3')
      assert.deepEqual(hits, ['fxc-many-00', 'fxc-many-01', 'fxc-many-02'])
      // all four only contain `odash`: by dependents (5, 3, 2, 0)
      assert.deepEqual(await names('search=odash'), ['lodash.merge', '@fxc/lodash', 'fxc-lodash-kit', 'lodash'])
    })

    test('a query of several words finds names whose words are joined by - _ . or /, and the reverse', async () => {
      assert.deepEqual(await names('search=fxc%20two%20words'), ['fxc-two-words'])
      assert.deepEqual(await names('search=FXC_two_words'), ['fxc-two-words'])
      assert.deepEqual(await names('search=fxc.two-words'), ['fxc-two-words'])
      assert.deepEqual(await names('search=fxc%20dotted%20name'), ['fxc.dotted.name'])
      assert.deepEqual(await names('search=fxc%20dotted'), ['fxc.dotted.name'], 'a prefix of the joined words')
      assert.deepEqual(await names('search=two%20words'), ['fxc-two-words'], 'a substring of the joined words')
      assert.deepEqual(await names('search=lodash%20merge'), ['lodash.merge'])
      assert.deepEqual(await names('search=words%20two'), [], 'the words in their order')
    })

    test('limit above 50 is clamped to 50, as the docs say (not a 400)', async () => {
      for (const limit of ['51', '100', '100000']) {
        assert.equal((await names(`search=fxc-many&limit=${limit}`)).length, 50, `limit=${limit}`)
      }
      assert.equal((await names('search=fxc-many&limit=50')).length, 50)
      assert.equal((await names('search=fxc-many')).length, 50, 'default')
      assert.equal((await names('search=fxc-many&limit=100&offset=50')).length, MANY - 50, 'there are more than 50')
    })
  })
}
