// Migration 4: advisories (OSV), the packages they affect, EPSS scores, purl → CPE products, and the record of
// every data source loaded (what it is, its own date, when it was imported).
import type { Kysely } from 'kysely'
import type { Dialect } from '../database.ts'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('advisories')
    .addColumn('id', 'text', (c) => c.primaryKey()) // OSV id, e.g. MAL-2024-1, PYSEC-…, x_NSWG-ECO-1
    .addColumn('source', 'text', (c) => c.notNull()) // e.g. osv:nodejs-security-wg
    .addColumn('aliases', 'text', (c) => c.notNull()) // JSON array (CVE, GHSA, …)
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('published', 'text')
    .addColumn('modified', 'text', (c) => c.notNull())
    .addColumn('withdrawn', 'text')
    .addColumn('severity', 'text', (c) => c.notNull()) // JSON [{type, score}] (CVSS vectors)
    .addColumn('database_severity', 'text') // database_specific.severity
    .addColumn('cwe_ids', 'text', (c) => c.notNull()) // JSON array
    .addColumn('refs', 'text', (c) => c.notNull()) // JSON [{type, url}] (OSV `references`)
    .addColumn('record_hash', 'text', (c) => c.notNull()) // digest of the record: a re-import that changes nothing writes nothing
    .addColumn('as_of', 'text', (c) => c.notNull()) // when it was imported
    .execute()

  await db.schema
    .createTable('advisory_packages')
    .addColumn('advisory_id', 'text', (c) => c.notNull().references('advisories.id').onDelete('cascade'))
    .addColumn('purl_type', 'text', (c) => c.notNull())
    .addColumn('purl_name', 'text', (c) => c.notNull()) // lookup key, as for components
    .addColumn('ecosystem', 'text', (c) => c.notNull()) // OSV ecosystem, e.g. npm, PyPI
    .addColumn('ranges', 'text', (c) => c.notNull()) // JSON OSV ranges
    .addColumn('versions', 'text', (c) => c.notNull()) // JSON explicit versions
    .execute()
  await db.schema
    .createIndex('advisory_packages_key_idx')
    .on('advisory_packages')
    .columns(['purl_type', 'purl_name'])
    .execute()
  await db.schema.createIndex('advisory_packages_advisory_idx').on('advisory_packages').column('advisory_id').execute()

  await db.schema
    .createTable('epss_scores')
    .addColumn('cve', 'text', (c) => c.primaryKey())
    .addColumn('probability', 'real', (c) => c.notNull())
    .addColumn('percentile', 'real', (c) => c.notNull())
    .addColumn('score_date', 'text') // the file's own date (null when it says "unknown")
    .addColumn('model_version', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('as_of', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('cpe_products')
    .addColumn('purl_type', 'text', (c) => c.notNull())
    .addColumn('purl_name', 'text', (c) => c.notNull())
    .addColumn('cpe', 'text', (c) => c.notNull()) // CPE 2.3 formatted string with version (and update) as `*`
    .addColumn('versions', 'integer', (c) => c.notNull()) // how many versioned CPEs the source listed for it
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('as_of', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cpe_products_pk', ['purl_type', 'purl_name', 'cpe'])
    .execute()

  await db.schema
    .createTable('data_sources')
    .addColumn('name', 'text', (c) => c.primaryKey()) // e.g. osv:nodejs-security-wg, epss, purl2cpe
    .addColumn('kind', 'text', (c) => c.notNull()) // advisories | epss | cpe
    .addColumn('source_date', 'text') // the source's own date (snapshot, score date), when it gives one
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('records', 'integer', (c) => c.notNull())
    .execute()
}
