// Migration 2: the knowledge base — components, versions, licenses, dependencies, files and analyzer outputs.
// Every fact row carries `source` (where it came from) and `as_of` (when that source said so).
import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer'

  await db.schema
    .createTable('components')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('purl', 'text', (c) => c.notNull().unique()) // canonical, without version
    .addColumn('purl_type', 'text', (c) => c.notNull())
    .addColumn('namespace', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('purl_name', 'text', (c) => c.notNull()) // lookup key (docs/api-behaviour.md "Requirement resolution")
    .addColumn('description', 'text')
    .addColumn('project_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('homepage_url', 'text')
    .addColumn('repository_url', 'text')
    .addColumn('source_purl', 'text') // e.g. pkg:github/expressjs/express
    .addColumn('latest_version', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active')) // mapped lifecycle status
    .addColumn('status_raw', 'text') // the registry's own value
    .addColumn('status_change_date', 'text')
    .addColumn('registry_modified', 'text') // the registry's modification time of the package
    .addColumn('popularity', 'integer') // downloads per month, when a source gives it
    .addColumn('popularity_source', 'text')
    .addColumn('facts_hash', 'text', (c) => c.notNull()) // digest of the facts above: a rerun that changes nothing writes nothing
    .addColumn('first_indexed_at', 'text', (c) => c.notNull())
    .addColumn('last_indexed_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('as_of', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('components_type_name_idx').on('components').columns(['purl_type', 'purl_name']).execute()

  await db.schema
    .createTable('versions')
    .addColumn('id', idType, (c) => c.primaryKey())
    .addColumn('component_id', 'integer', (c) => c.notNull().references('components.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('sort_key', dialect === 'postgres' ? sql`text collate "C"` : 'text', (c) => c.notNull()) // orders versions per ecosystem with plain text comparison
    .addColumn('is_prerelease', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('released_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('status_raw', 'text')
    .addColumn('integrity', 'text')
    .addColumn('unpacked_size', 'integer')
    .addColumn('file_count', 'integer')
    .addColumn('declared_license', 'text') // as the registry gives it
    .addColumn('license_expression', 'text') // normalised SPDX expression, null when not valid SPDX
    .addColumn('facts_hash', 'text', (c) => c.notNull()) // digest of the facts, licenses and dependencies
    .addColumn('indexed_at', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('as_of', 'text', (c) => c.notNull())
    .addUniqueConstraint('versions_component_version_uq', ['component_id', 'version'])
    .execute()
  await db.schema
    .createIndex('versions_component_sort_idx')
    .on('versions')
    .columns(['component_id', 'sort_key'])
    .execute()

  await db.schema
    .createTable('version_licenses')
    .addColumn('version_id', 'integer', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // declared | detected
    .addColumn('license_id', 'text', (c) => c.notNull()) // SPDX id or LicenseRef-…
    .addColumn('path', 'text', (c) => c.notNull().defaultTo('')) // the file it was detected in
    .addColumn('score', 'real')
    .addColumn('is_spdx', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('as_of', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('version_licenses_pk', ['version_id', 'kind', 'license_id', 'path'])
    .execute()

  await db.schema
    .createTable('version_dependencies')
    .addColumn('version_id', 'integer', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull()) // runtime | dev | peer | optional
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('requirement', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('version_dependencies_pk', ['version_id', 'scope', 'name'])
    .execute()
  await db.schema.createIndex('version_dependencies_name_idx').on('version_dependencies').column('name').execute()

  await db.schema
    .createTable('version_files')
    .addColumn('version_id', 'integer', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('md5', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('version_files_pk', ['version_id', 'path'])
    .execute()

  await db.schema
    .createTable('analyses')
    .addColumn('version_id', 'integer', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('analyzer', 'text', (c) => c.notNull())
    .addColumn('analyzer_version', 'text', (c) => c.notNull())
    .addColumn('output', 'text', (c) => c.notNull()) // JSON
    .addColumn('as_of', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analyses_pk', ['version_id', 'analyzer'])
    .execute()
  await db.schema
    .createIndex('analyses_analyzer_idx')
    .on('analyses')
    .columns(['analyzer', 'analyzer_version'])
    .execute()
}
