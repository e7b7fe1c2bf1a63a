// The folder-hash index on SQLite (always) and PostgreSQL (when TEST_DATABASE_URL is set): written from analyzer
// output, replaced on rewrite, rebuilt from analyses rows (with the installed dir-names hashes from the stored file
// lists), read by band key and by version.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { sql } from 'kysely'
import { backends } from '../../test/helpers/backends.ts'
import { bandKeys } from '../domain/folder-hash/bands.ts'
import { installedDirs } from '../domain/folder-hash/installed.ts'
import { parseHex64, toHex16, type U64 } from '../domain/folder-hash/primitives.ts'
import type { FolderHashOutput } from '../domain/folder-hash/types.ts'
import type { Storage } from './database.ts'
import { countFolderNodes, indexUnindexedFolderHashes, SqlFolderIndex, writeFolderNodes } from './folder-index.ts'
import { migrate } from './migrate.ts'

const u = (s: string) => parseHex64(s) as U64
const folder = (path: string, names: string, content: string) => ({
  path,
  files: 9,
  names,
  content,
  dirs: 'ffffffffffffffff',
  lang_extensions: { js: 9 },
})
const A: FolderHashOutput = {
  folders: [folder('.', '0123456789abcdef', 'fedcba9876543210'), folder('lib', '1111', '2222')],
}
const B: FolderHashOutput = { folders: [folder('.', 'aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb')] }

/** A component with two versions (FIXTURE rows); returns the version ids. */
async function versions(storage: Storage): Promise<[number, number]> {
  const db = storage.db
  await sql`insert into components (purl, purl_type, namespace, name, purl_name, repository_url, popularity, facts_hash,
    first_indexed_at, last_indexed_at, source, as_of) values ('pkg:npm/fixture-folders', 'npm', '', 'fixture-folders',
    'fixture-folders', 'https://example.com/r.git', 3, 'h', '', '', 'fixture', '')`.execute(db)
  for (const v of ['1.0.0', '2.0.0'])
    await sql`insert into versions (component_id, version, sort_key, released_at, facts_hash, indexed_at, source, as_of)
      select id, ${v}, ${v}, '2026-01-01T00:00:00Z', 'h', '', 'fixture', '' from components`.execute(db)
  const rows = await db.selectFrom('versions').select('id').orderBy('id').execute()
  return [rows[0]?.id as number, rows[1]?.id as number]
}

for (const backend of backends()) {
  describe(`folder index on ${backend.name}`, () => {
    test('write, look up by band key, rewrite replaces, versions carry their component', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const [v1, v2] = await versions(storage)
        await writeFolderNodes(storage.db, { versionId: v1, output: A, files: [], purlName: '' })
        await writeFolderNodes(storage.db, { versionId: v2, output: B, files: [], purlName: '' })
        assert.equal(await countFolderNodes(storage.db), 3)
        const index = new SqlFolderIndex(storage)
        const root = A.folders[0] as (typeof A.folders)[0]
        const hits = await index.nodesWithBands(bandKeys(u(root.names), u(root.content)).slice(0, 1))
        assert.deepEqual(
          hits.map((h) => h.versionId),
          [v1],
        )
        assert.deepEqual(hits[0]?.content, u('fedcba9876543210'))
        assert.equal((await index.nodesWithBands([1, 2, 3])).length, 0)
        await writeFolderNodes(storage.db, { versionId: v1, output: B, files: [], purlName: '' }) // v1's folders replaced, bands with them
        assert.equal(await countFolderNodes(storage.db), 2)
        assert.equal((await index.nodesWithBands(bandKeys(u(root.names), u(root.content)))).length, 0)
        const info = await index.versions([v2, v1])
        assert.deepEqual(info.get(v2), {
          versionId: v2,
          version: '2.0.0',
          releasedAt: '2026-01-01T00:00:00Z',
          purl: 'pkg:npm/fixture-folders',
          type: 'npm',
          namespace: '',
          name: 'fixture-folders',
          popularity: 3,
          status: 'active',
          hasRepository: true,
        })
      } finally {
        await cleanup()
      }
    })

    test('folder-hash analyses without indexed folders are indexed once (after a seed load)', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const [v1, v2] = await versions(storage)
        for (const [id, out] of [
          [v1, A],
          [v2, B],
        ] as const)
          await storage.db
            .insertInto('analyses')
            .values({
              version_id: id,
              analyzer: 'folder-hash',
              analyzer_version: '1',
              output: JSON.stringify(out),
              as_of: '',
            })
            .execute()
        // v1's file list is stored (as a seed carries it): its folders get their dir-names hash as installed too
        const files = Array.from({ length: 9 }, (_, i) => ({ path: `lib/module-number-${i}.js`, size: 100 }))
        await storage.db
          .insertInto('version_files')
          .values(files.map((f) => ({ version_id: v1, path: f.path, size: f.size, md5: '' })))
          .execute()
        assert.equal(await indexUnindexedFolderHashes(storage.db), 2)
        assert.equal(await indexUnindexedFolderHashes(storage.db), 0)
        assert.equal(await countFolderNodes(storage.db), 3)
        const rows = await storage.db
          .selectFrom('folder_nodes')
          .select(['version_id', 'path', 'dirs_installed'])
          .orderBy('version_id')
          .orderBy('path')
          .execute()
        const installed = installedDirs(files, 'fixture-folders')
        assert.deepEqual(rows, [
          { version_id: v1, path: '.', dirs_installed: toHex16(installed.get('.') as U64) },
          { version_id: v1, path: 'lib', dirs_installed: toHex16(installed.get('lib') as U64) },
          { version_id: v2, path: '.', dirs_installed: null },
        ])
        // the package's own root has only `lib` in its set; installed, `node_modules` and the name join it
        assert.notEqual(rows[0]?.dirs_installed, 'ffffffffffffffff')
      } finally {
        await cleanup()
      }
    })
  })
}
