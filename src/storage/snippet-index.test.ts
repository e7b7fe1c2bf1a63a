// The snippet index on SQLite and PostgreSQL: contents indexed once each by MD5, fingerprints kept as unsigned
// 32-bit values through the signed column (hashes at and past 2^31 included), over-common fingerprints left out,
// files found by MD5 with their component and version. Contents and fingerprints here are FIXTURE values.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { backends } from '../../test/helpers/backends.ts'
import { loadFixtureKb } from '../../test/helpers/kb-fixture.ts'
import { migrate } from './migrate.ts'
import { SqlScanIndex, writeSnippetContents } from './snippet-index.ts'

const A = 'a'.repeat(32)
const B = 'b'.repeat(32)
const HIGH = 0xfedcba98 // past 2^31: stored negative, read back unsigned

for (const backend of backends()) {
  describe(`snippet index on ${backend.name}`, () => {
    test('writes each content once, reads hits, contents and files', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        await loadFixtureKb(storage)
        const v = await storage.db
          .selectFrom('versions as v')
          .innerJoin('components as c', 'c.id', 'v.component_id')
          .where('c.purl', '=', 'pkg:npm/fx-lib')
          .select(['v.id', 'v.version', 'v.component_id'])
          .orderBy('v.id')
          .executeTakeFirstOrThrow()
        await storage.db.deleteFrom('version_files').where('md5', 'in', [A, B]).execute()
        await storage.db
          .insertInto('version_files')
          .values({ version_id: v.id, path: 'lib/a.js', size: 10, md5: A })
          .execute()
        const a = {
          md5: A,
          lines: 40,
          fingerprints: [
            { line: 3, hash: HIGH },
            { line: 3, hash: HIGH },
            { line: 9, hash: 7 },
          ],
        }
        const b = { md5: B, lines: 12, fingerprints: [{ line: 2, hash: 7 }] }
        assert.equal(await writeSnippetContents(storage.db, { contents: [a, b] }), 2)
        assert.equal(await writeSnippetContents(storage.db, { contents: [a] }), 0, 'a content is indexed once')
        const index = new SqlScanIndex(storage)
        const hits = await index.hits([HIGH, 7, 12345], 10)
        const contents = await index.contents(hits.map((h) => h.contentId))
        const seen = hits.map((h) => [contents.get(h.contentId)?.md5, h.hash, h.line]).sort()
        assert.deepEqual(
          seen,
          [
            [A, 7, 9],
            [A, HIGH, 3],
            [B, 7, 2],
          ].sort(),
          'the repeated (hash, line) once',
        )
        // hash 7 is in two contents: with at most one content per hash it is left out
        assert.deepEqual(
          (await index.hits([HIGH, 7], 1)).map((h) => h.hash),
          [HIGH],
        )
        assert.deepEqual([...contents.values()].map((c) => c.lines).sort(), [12, 40])
        assert.deepEqual(
          [...(await index.holdersOf(hits.map((h) => h.contentId)))].map(([id, list]) => [contents.get(id)?.md5, list]),
          [[A, [{ componentId: v.component_id, path: 'lib/a.js' }]]],
          'the holders of each content (B sits in no file)',
        )
        const [file, ...rest] = await index.filesByMd5([A, B, A])
        assert.deepEqual(rest, [])
        assert.deepEqual(
          [file?.md5, file?.path, file?.versionId, file?.version, file?.purl, file?.name],
          [A, 'lib/a.js', v.id, v.version, 'pkg:npm/fx-lib', 'fx-lib'],
        )
      } finally {
        await cleanup()
      }
    })
  })
}
