// Migration 3: index-backed component search (docs/components.md). Exact and prefix matches use expression
// indexes on the lower-cased names; substring matches use trigrams: an FTS5 trigram table kept in step with
// `components` by triggers on SQLite, a pg_trgm GIN index on PostgreSQL.
import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // byte order ("C") so that a prefix is one index range whatever the database's collation
  const c = dialect === 'postgres' ? sql` collate "C"` : sql``
  await sql`create index components_lower_purl_name_idx on components ((lower(purl_name))${c})`.execute(db)
  await sql`create index components_lower_name_idx on components ((lower(name))${c})`.execute(db)
  await sql`create index components_lower_namespace_idx on components ((lower(namespace))${c})`.execute(db)
  if (dialect === 'postgres') {
    // pg_trgm is a trusted extension: the database owner may create it. Its objects live in `public`, so every
    // schema (and test schema) using this database finds the operator class there.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db)
    await sql`create index components_purl_name_trgm_idx on components using gin (lower(purl_name) public.gin_trgm_ops)`.execute(
      db,
    )
    return
  }
  await sql`create virtual table components_fts using fts5(purl_name, content='components', content_rowid='id', tokenize='trigram')`.execute(
    db,
  )
  await sql`create trigger components_fts_insert after insert on components begin
    insert into components_fts(rowid, purl_name) values (new.id, new.purl_name);
  end`.execute(db)
  await sql`create trigger components_fts_delete after delete on components begin
    insert into components_fts(components_fts, rowid, purl_name) values ('delete', old.id, old.purl_name);
  end`.execute(db)
  await sql`create trigger components_fts_update after update of purl_name on components begin
    insert into components_fts(components_fts, rowid, purl_name) values ('delete', old.id, old.purl_name);
    insert into components_fts(rowid, purl_name) values (new.id, new.purl_name);
  end`.execute(db)
  await sql`insert into components_fts(components_fts) values ('rebuild')`.execute(db)
}
