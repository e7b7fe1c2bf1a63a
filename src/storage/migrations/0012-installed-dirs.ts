// Migration 12: each indexed folder's dir-names hash as the folder has it once its package is installed at
// node_modules/<name> (domain/folder-hash/installed.ts), so that an exact installed copy matches exactly. Null for
// folders indexed before: they are matched on their own dir-names hash alone until indexed again.
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('folder_nodes').addColumn('dirs_installed', 'text').execute()
}
