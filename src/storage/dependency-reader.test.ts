// The dependency port on SQLite and PostgreSQL, for what Maven's mediation needs (migration 21): a version's
// dependencies read back in their POM's declaration order, and its dependencyManagement versions. The facts are Debian's
// jackson-databind 2.14.0 POM and its parents mapped as the maven source maps them (FIXTURE POMs:
// test/fixtures/maven/README.md), their declarations reversed (FIXTURE) so that their order is not their names'.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { backends } from '../../test/helpers/backends.ts'
import { fixtureLoader, fixturePom } from '../../test/helpers/maven-repo.ts'
import { effectivePom } from '../domain/maven/effective-pom.ts'
import { mapMaven } from '../sources/maven/map-maven.ts'
import { SqlDependencyReader } from './dependency-reader.ts'
import { SqlKbWriter } from './kb-writer.ts'
import { migrate } from './migrate.ts'

const G = 'com.fasterxml.jackson.core'

async function jacksonDatabind() {
  const model = await effectivePom(fixturePom(G, 'jackson-databind', '2.14.0'), fixtureLoader())
  const shipped = { model, version: '2.14.0', package: 'libjackson2-databind-java', debianVersion: '2.14.0-1' }
  const m = mapMaven(
    [{ ...shipped, arch: 'all', suites: ['bookworm'], copyright: null, jarBytes: 1 }],
    '2026-11-28T00:00:00Z',
  )
  assert.ok(m)
  return m
}

for (const backend of backends()) {
  describe(`dependencies on ${backend.name}`, () => {
    test('Maven: declaration order and dependencyManagement read back; without positions, name order', async () => {
      const { storage, cleanup } = await backend.open()
      try {
        await migrate(storage)
        const m = await jacksonDatabind()
        const [v] = m.versions
        assert.ok(v)
        // the declarations reversed, so that their order is not the name order
        const reversed = v.dependencies.map((d, i, all) => ({ ...d, position: all.length - 1 - i }))
        await new SqlKbWriter(storage).writePackage({
          component: m.component,
          versions: [{ ...v, dependencies: reversed }],
          analyses: [],
        })
        const { id } = await storage.db.selectFrom('versions').select('id').executeTakeFirstOrThrow()
        const reader = new SqlDependencyReader(storage)
        const read = await reader.ofVersions([id], ['runtime', 'dev'])
        assert.deepEqual(
          read.get(id)?.map((d) => [d.name, d.position]),
          [
            ['junit:junit', 0],
            [`${G}:jackson-core`, 1],
            [`${G}:jackson-annotations`, 2],
          ],
        )
        assert.deepEqual(
          await reader.managedOf([id, id + 1000]),
          new Map([
            [
              id,
              new Map([
                [`${G}:jackson-annotations`, '2.14.0'],
                [`${G}:jackson-core`, '2.14.0'],
              ]),
            ],
          ]),
        )
        // rows written without a position (every other ecosystem, rows written before migration 21): name order
        await storage.db.updateTable('version_dependencies').set({ position: null }).execute()
        const byName = await reader.ofVersions([id], ['runtime', 'dev'])
        assert.deepEqual(
          byName.get(id)?.map((d) => [d.name, d.position]),
          [
            [`${G}:jackson-annotations`, undefined],
            [`${G}:jackson-core`, undefined],
            ['junit:junit', undefined],
          ],
        )
      } finally {
        await cleanup()
      }
    })
  })
}
