// The algorithms of each file content on SQLite and PostgreSQL: written once per (content, algorithm) however often a
// crypto output names it, read back by MD5 in one query, and filled from the evidence of analyses stored before the
// per-file lists. Contents, paths and analyses here are FIXTURE values.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { backends } from '../../test/helpers/backends.ts'
import { loadFixtureKb } from '../../test/helpers/kb-fixture.ts'
import {
  fileAlgorithmsFromEvidence,
  SqlFileAlgorithmReader,
  withoutFiles,
  writeFileAlgorithms,
} from './file-algorithms.ts'
import { migrate } from './migrate.ts'

const A = 'a'.repeat(32)
const B = 'b'.repeat(32)
const C = 'c'.repeat(32)

test('the analyses row keeps the version-level analysis, without the per-file lists', () => {
  const output = { algorithms: [{ algorithm: 'md5' }], hints: [], files: [{ md5: A, algorithms: ['md5'] }] }
  assert.deepEqual(withoutFiles(output), { algorithms: [{ algorithm: 'md5' }], hints: [] })
})

for (const backend of backends()) {
  describe(`file algorithms on ${backend.name}`, () => {
    test('written once per content and algorithm, read by MD5', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const files = [
          { md5: A, algorithms: ['hmac', 'md5'] },
          { md5: B, algorithms: ['sha2'] },
        ]
        await writeFileAlgorithms(storage.db, { algorithms: [], hints: [], files })
        // a later version holding the same content (and one more) adds only what is new
        await writeFileAlgorithms(storage.db, { files: [files[0], { md5: C, algorithms: ['aes'] }] })
        await writeFileAlgorithms(storage.db, { algorithms: [], hints: [] })
        const reader = new SqlFileAlgorithmReader(storage)
        const got = await reader.ofContents([A, B, A, 'd'.repeat(32)])
        assert.deepEqual(
          [...got].sort(),
          [
            [A, ['hmac', 'md5']],
            [B, ['sha2']],
          ],
          'a content without algorithms is absent',
        )
        const rows = await storage.db.selectFrom('file_algorithms').selectAll().execute()
        assert.equal(rows.length, 4)
        assert.deepEqual(await reader.ofContents([]), new Map())
      } finally {
        await cleanup()
      }
    })

    test('filled from the evidence of the crypto analyses a KB already holds', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        await loadFixtureKb(storage)
        const v = await storage.db.selectFrom('versions').select('id').orderBy('id').executeTakeFirstOrThrow()
        await storage.db.deleteFrom('analyses').where('analyzer', '=', 'crypto').execute()
        await storage.db.deleteFrom('version_files').where('version_id', '=', v.id).execute()
        await storage.db
          .insertInto('version_files')
          .values([
            { version_id: v.id, path: 'lib/md5.js', size: 10, md5: A },
            { version_id: v.id, path: 'lib/aes.js', size: 10, md5: B },
            { version_id: v.id, path: 'README.md', size: 10, md5: C },
          ])
          .execute()
        const evidence = (path: string) => ({ path, line: 3, rule: 'keywords/x' })
        const output = {
          algorithms: [
            { algorithm: 'md5', evidence: [evidence('lib/md5.js')] },
            { algorithm: 'aes', evidence: [evidence('lib/aes.js'), evidence('lib/md5.js'), evidence('gone.js')] },
          ],
          hints: [],
        }
        await storage.db
          .insertInto('analyses')
          .values({
            version_id: v.id,
            analyzer: 'crypto',
            analyzer_version: '2',
            output: JSON.stringify(output),
            as_of: '2026-01-01T00:00:00Z',
          })
          .execute()
        assert.equal(await fileAlgorithmsFromEvidence(storage.db), 3)
        assert.equal(await fileAlgorithmsFromEvidence(storage.db), 0, 'a second run adds nothing')
        const got = await new SqlFileAlgorithmReader(storage).ofContents([A, B, C])
        assert.deepEqual([...got].sort(), [
          [A, ['aes', 'md5']],
          [B, ['aes']],
        ])
      } finally {
        await cleanup()
      }
    })
  })
}
