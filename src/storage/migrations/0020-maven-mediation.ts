// Migration 20: what Maven's dependency mediation needs (docs/maven.md "Dependencies"). Each dependency's place in its
// POM's declaration order (version_dependencies.position, from 0): at equal depth Maven takes the first declared, so
// the walk reads a version's dependencies in that order. A version's dependencyManagement versions
// (versions.managed, JSON: `group:artifact` → version): the root's management overrides the versions of its
// transitive dependencies. Null: nothing recorded (every other ecosystem, rows written before): the walk then reads
// the dependencies in name order and manages nothing.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('version_dependencies').addColumn('position', 'integer').execute()
  await db.schema.alterTable('versions').addColumn('managed', 'text').execute()
}
