// Geoprovenance storage on SQLite (always) and PostgreSQL (when TEST_DATABASE_URL is set): per-repository
// replacement, links, offsets by author, accounts upserted across repositories, counts, and one salt per KB.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { backends } from '../../test/helpers/backends.ts'
import type { RepoOrigin } from '../domain/geoprovenance/types.ts'
import { authorSalt, SqlGeoReader, SqlOriginWriter, saltedId, writeRepoAccounts, writeRepoOrigin } from './geo-store.ts'
import { migrate } from './migrate.ts'

const origin = (authors: RepoOrigin['authors']): RepoOrigin => ({
  repoPurl: 'pkg:github/fixture/geo',
  head: 'abc',
  headDate: '2026-01-01',
  purls: ['pkg:npm/fixture-geo'],
  authors,
  source: 'fixture',
  asOf: '2026-01-01',
})

for (const backend of backends()) {
  describe(`geoprovenance storage on ${backend.name}`, () => {
    test('origin: write, read back by repository and link, replace on rewrite', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        await writeRepoOrigin(
          storage.db,
          origin([
            {
              author: 'a1',
              bot: false,
              offsets: [
                { offsetMinutes: -480, month: '2024-01', commits: 3 },
                { offsetMinutes: -420, month: '2024-07', commits: 2 },
              ],
            },
            { author: 'b1', bot: true, offsets: [{ offsetMinutes: 0, month: '', commits: 9 }] },
          ]),
        )
        const geo = new SqlGeoReader(storage)
        assert.deepEqual(
          await geo.linkedRepos(['pkg:npm/fixture-geo', 'pkg:npm/other']),
          new Map([['pkg:npm/fixture-geo', ['pkg:github/fixture/geo']]]),
        )
        const offsets = (await geo.authorOffsets(['pkg:github/fixture/geo'])).get('pkg:github/fixture/geo')
        assert.deepEqual(offsets, {
          source: 'fixture',
          authors: [
            {
              bot: false,
              commits: [
                { offsetMinutes: -480, month: '2024-01', count: 3 },
                { offsetMinutes: -420, month: '2024-07', count: 2 },
              ],
            },
            { bot: true, commits: [{ offsetMinutes: 0, count: 9 }] },
          ],
        })
        assert.equal((await geo.contributorCounts(['pkg:github/fixture/geo'])).get('pkg:github/fixture/geo'), 2)
        await writeRepoOrigin(
          storage.db,
          origin([{ author: 'c1', bot: false, offsets: [{ offsetMinutes: 60, month: '', commits: 1 }] }]),
        )
        const again = await geo.authorOffsets(['pkg:github/fixture/geo'])
        assert.equal(again.get('pkg:github/fixture/geo')?.authors.length, 1)
      } finally {
        await cleanup()
      }
    })

    test('an ingested origin record: authors stored as salted hashes, earlier links kept', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const writer = new SqlOriginWriter(storage.db)
        const record = (purls: string[]): RepoOrigin => ({
          ...origin([
            { author: 'dev@example.test', bot: false, offsets: [{ offsetMinutes: 60, month: '2024-01', commits: 2 }] },
          ]),
          repoPurl: 'pkg:deb/debian/fx?arch=source',
          purls,
        })
        await writer.writeOrigin(record(['pkg:deb/debian/libfx1']))
        await writer.writeOrigin(record(['pkg:deb/debian/fx-bin']))
        const geo = new SqlGeoReader(storage)
        const links = await geo.linkedRepos(['pkg:deb/debian/libfx1', 'pkg:deb/debian/fx-bin'])
        assert.equal(links.size, 2, "the first run's binary stays linked")
        const authors = await storage.db.selectFrom('origin_author_offsets').select('author').execute()
        assert.deepEqual(authors, [{ author: saltedId(await authorSalt(storage.db), 'dev@example.test') }])
        assert.doesNotMatch(authors[0]?.author ?? '', /@/)
      } finally {
        await cleanup()
      }
    })

    test('accounts: one location per account across repositories, roles per repository; the salt is drawn once', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const [s1, s2] = await Promise.all([authorSalt(storage.db), authorSalt(storage.db)])
        assert.equal(s1, s2)
        assert.match(s1, /^[0-9a-f]{32}$/)
        await writeRepoAccounts(
          storage.db,
          'pkg:github/x/a',
          [{ account: 'h1', role: 'owner', location: 'Oslo' }],
          'fixture',
          '1',
        )
        await writeRepoAccounts(
          storage.db,
          'pkg:github/x/b',
          [
            { account: 'h1', role: 'contributor', location: 'Bergen' },
            { account: 'h2', role: 'contributor', location: null },
          ],
          'fixture',
          '2',
        )
        const geo = new SqlGeoReader(storage)
        const declared = await geo.declared(['pkg:github/x/a', 'pkg:github/x/b'])
        assert.deepEqual(declared.get('pkg:github/x/a'), [{ type: 'owner', location: 'Bergen' }])
        assert.deepEqual(declared.get('pkg:github/x/b'), [{ type: 'contributor', location: 'Bergen' }])
        assert.equal((await geo.contributorCounts(['pkg:github/x/b'])).get('pkg:github/x/b'), 2)
      } finally {
        await cleanup()
      }
    })
  })
}
