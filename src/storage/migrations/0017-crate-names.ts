// Migration 17: a crate's lookup key (purl_name) has each `_` as `-` (domain/shared/purl.ts `purlName`: crates.io
// takes names that differ only in case or in `-` / `_` for one crate), where it was only lower-cased: the keys of the
// crates' components, advisories (RustSec) and CPE products written before are rewritten. A CPE product row whose
// new key is already held for the same CPE is a duplicate and goes. A seed built before this migration is rekeyed
// the same way when it is loaded (seed-import.ts).
import { type Kysely, sql } from 'kysely'

/** The schema version whose KBs and seeds key crates with `-` for `_`. */
export const CRATE_KEYS_SINCE = 17

export async function up(db: Kysely<unknown>): Promise<void> {
  const crate = sql`purl_type = 'cargo' and purl_name like '%\\_%' escape '\\'`
  await sql`delete from cpe_products where ${crate} and exists (
    select 1 from cpe_products o where o.purl_type = 'cargo' and o.cpe = cpe_products.cpe
      and o.purl_name = replace(lower(cpe_products.purl_name), '_', '-'))`.execute(db)
  for (const table of ['components', 'advisory_packages', 'cpe_products'])
    await sql`update ${sql.table(table)} set purl_name = replace(lower(purl_name), '_', '-') where ${crate}`.execute(db)
}
