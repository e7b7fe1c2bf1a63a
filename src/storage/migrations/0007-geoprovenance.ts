// Migration 7: geoprovenance. Origin from commit timing: repositories (`origin_repos`), the package purls linked to
// them (`origin_repo_purls`), and per author (a salted hash of the e-mail, never the address or a name) the commits
// per UTC offset and month (`origin_author_offsets`; month '' when the source gives none). Declared locations:
// accounts (a hash of the login) with the free-text location they publish (`geo_accounts`) and their role in a
// repository (`geo_repo_accounts`). `kb_meta.author_salt` is this KB's random salt for author ids,
// drawn the first time one is needed.
import type { Kysely } from 'kysely'
import type { Dialect } from '../database.ts'

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('origin_repos')
    .addColumn('repo_purl', 'text', (c) => c.primaryKey()) // pkg:github/owner/name
    .addColumn('head', 'text')
    .addColumn('head_date', 'text')
    .addColumn('authors', 'integer', (c) => c.notNull())
    .addColumn('commits', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('as_of', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('origin_repo_purls')
    .addColumn('purl', 'text', (c) => c.notNull()) // canonical, without version
    .addColumn('repo_purl', 'text', (c) => c.notNull().references('origin_repos.repo_purl').onDelete('cascade'))
    .addPrimaryKeyConstraint('origin_repo_purls_pk', ['purl', 'repo_purl'])
    .execute()
  await db.schema
    .createTable('origin_author_offsets')
    .addColumn('repo_purl', 'text', (c) => c.notNull().references('origin_repos.repo_purl').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('offset_minutes', 'integer', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull()) // YYYY-MM, or '' when unknown
    .addColumn('commits', 'integer', (c) => c.notNull())
    .addColumn('bot', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('origin_author_offsets_pk', ['repo_purl', 'author', 'offset_minutes', 'month'])
    .execute()
  await db.schema
    .createTable('geo_accounts')
    .addColumn('account', 'text', (c) => c.primaryKey()) // salted hash of the lower-cased login
    .addColumn('location', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('as_of', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('geo_repo_accounts')
    .addColumn('repo_purl', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull().references('geo_accounts.account').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull()) // owner | contributor
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('as_of', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('geo_repo_accounts_pk', ['repo_purl', 'account'])
    .execute()
  await db.schema.alterTable('kb_meta').addColumn('author_salt', 'text').execute() // set on first use
}
