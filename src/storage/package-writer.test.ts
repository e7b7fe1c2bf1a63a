// A package's component and version rows, on SQLite and PostgreSQL (the fixture KB's fx-lib, FIXTURE, mapped by the
// real packument mapping): written, a rerun that learns nothing writes nothing, a changed version rewritten with its
// dependencies, a version the registry no longer serves marked removed, another version's restated status taken.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { backends } from '../../test/helpers/backends.ts'
import { FIXTURE_AS_OF, FIXTURE_PACKUMENTS } from '../../test/helpers/kb-fixture.ts'
import type { PackageUpdate } from '../domain/kb/types.ts'
import { mapPackument } from '../sources/npm/map-packument.ts'
import type { Storage } from './database.ts'
import { migrate } from './migrate.ts'
import { writePackage } from './package-writer.ts'

const fxLib = FIXTURE_PACKUMENTS.find((p) => p.name === 'fx-lib')
assert.ok(fxLib)
const { component, versions } = mapPackument('fx-lib', fxLib, FIXTURE_AS_OF)
const write = (s: Storage, update: PackageUpdate) => s.db.transaction().execute((trx) => writePackage(trx, update))
const rows = (s: Storage) =>
  s.db
    .selectFrom('versions as v')
    .leftJoin('version_dependencies as d', 'd.version_id', 'v.id')
    .select(['v.version', 'v.status', 'v.status_raw', 'd.name', 'd.requirement'])
    .orderBy('v.version')
    .orderBy('d.name')
    .execute()

for (const backend of backends()) {
  describe(`package rows on ${backend.name}`, () => {
    test('written once; a change rewrites its version, a vanished version is removed, a status restated', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const all = { component, versions, analyses: [] }
        assert.deepEqual(await write(storage, all), {
          componentChanged: true,
          versionsInserted: 4,
          versionsUpdated: 0,
          analysesWritten: 0,
        })
        assert.deepEqual(await write(storage, all), {
          componentChanged: false,
          versionsInserted: 0,
          versionsUpdated: 0,
          analysesWritten: 0,
        })
        const v200 = versions.find((v) => v.version === '2.0.0')
        assert.ok(v200?.dependencies[0])
        const changed = { ...v200, dependencies: [{ ...v200.dependencies[0], requirement: '^2.3.0' }] }
        const kept = versions.filter((v) => v.version !== '1.0.0' && v.version !== '2.0.0')
        const report = await write(storage, {
          component,
          versions: [changed],
          registryVersions: [...kept, changed],
          statuses: [{ version: '1.2.0', status: 'deprecated', statusRaw: 'fixture: restated' }],
          analyses: [],
        })
        assert.deepEqual(report, {
          componentChanged: false,
          versionsInserted: 0,
          versionsUpdated: 3,
          analysesWritten: 0,
        })
        const after = await rows(storage)
        assert.deepEqual(
          after.map((r) => [r.version, r.status, r.status_raw, r.name, r.requirement]),
          [
            ['1.0.0', 'removed', 'missing from registry', null, null],
            ['1.2.0', 'deprecated', 'fixture: restated', 'fx-app', '^1.0.0'],
            ['1.2.0', 'deprecated', 'fixture: restated', 'fx-util', '^2.0.0'],
            ['1.3.0', 'deprecated', 'deprecated: use fx-lib 2', null, null],
            ['2.0.0', 'active', null, 'fx-util', '^2.3.0'],
          ],
        )
      } finally {
        await cleanup()
      }
    })
  })
}
