// A version's analyzer outputs, on SQLite and PostgreSQL (the fixture KB's fx-app 1.1.0 and its analyses, FIXTURE):
// each output one analyses row plus the walk's own, the file list and detected licenses written by their index
// writers; the same outputs again write nothing; changed ones replace their rows and their tables' rows.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { backends } from '../../test/helpers/backends.ts'
import { FIXTURE_ANALYSES, FIXTURE_AS_OF, FIXTURE_PACKUMENTS } from '../../test/helpers/kb-fixture.ts'
import type { VersionAnalysis } from '../domain/kb/types.ts'
import { mapPackument } from '../sources/npm/map-packument.ts'
import { writeAnalysis } from './analysis-writer.ts'
import type { Storage } from './database.ts'
import { migrate } from './migrate.ts'
import { writePackage } from './package-writer.ts'

const fxApp = FIXTURE_PACKUMENTS.find((p) => p.name === 'fx-app')
const analysis = FIXTURE_ANALYSES['fx-app']?.[0]
assert.ok(fxApp && analysis)

async function version(s: Storage): Promise<number> {
  const { component, versions } = mapPackument('fx-app', fxApp as NonNullable<typeof fxApp>, FIXTURE_AS_OF)
  await s.db.transaction().execute((trx) => writePackage(trx, { component, versions, analyses: [] }))
  const row = await s.db.selectFrom('versions').select('id').where('version', '=', '1.1.0').executeTakeFirstOrThrow()
  return row.id
}
const write = (s: Storage, id: number, a: VersionAnalysis) =>
  s.db.transaction().execute((trx) => writeAnalysis(trx, id, a, 'fx-app'))
const tables = async (s: Storage, id: number) => ({
  analyzers: (
    await s.db.selectFrom('analyses').select('analyzer').where('version_id', '=', id).orderBy('analyzer').execute()
  ).map((r) => r.analyzer),
  files: (
    await s.db.selectFrom('version_files').select('path').where('version_id', '=', id).orderBy('path').execute()
  ).map((r) => r.path),
  detected: await s.db
    .selectFrom('version_licenses')
    .select(['license_id', 'path', 'source'])
    .where('version_id', '=', id)
    .where('kind', '=', 'detected')
    .execute(),
})

for (const backend of backends()) {
  describe(`analysis rows on ${backend.name}`, () => {
    test('outputs and their tables written once; changed outputs replace their rows', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const id = await version(storage)
        assert.equal(await write(storage, id, analysis), 3, 'code-stats, license-files and the walk')
        const first = await tables(storage, id)
        assert.equal(first.analyzers.length, 3)
        assert.deepEqual(first.files, ['index.js', 'package.json'])
        assert.deepEqual(first.detected, [{ license_id: 'MIT', path: 'LICENSE', source: 'computed:license-files@1' }])
        assert.equal(await write(storage, id, analysis), 0)
        const changed: VersionAnalysis = {
          ...analysis,
          files: analysis.files.slice(0, 1),
          outputs: analysis.outputs.map((o) =>
            o.analyzer === 'license-files'
              ? { ...o, output: { licenses: [{ path: 'COPYING', spdx_id: 'ISC', score: 0.9 }] } }
              : o,
          ),
          detectedLicenses: [{ licenseId: 'ISC', path: 'COPYING', score: 0.9 }],
        }
        assert.equal(await write(storage, id, changed), 2, 'license-files and the walk, not code-stats')
        const after = await tables(storage, id)
        assert.deepEqual(after.analyzers, first.analyzers)
        assert.deepEqual(after.files, ['package.json'])
        assert.deepEqual(after.detected, [{ license_id: 'ISC', path: 'COPYING', source: 'computed:license-files@1' }])
      } finally {
        await cleanup()
      }
    })
  })
}
