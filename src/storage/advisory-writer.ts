// The advisory ingestion port on SQL. Each call is one transaction over one bounded batch, and reads back only
// the rows of that batch's keys (never a whole table), so it scales to all of OSV on PostgreSQL: advisories and
// their packages (advisory-records.ts), EPSS and KEV by CVE (cve-feeds.ts), CPE products (cpe-products.ts). A batch
// that wrote anything records a change to any component (`*`) last, so every API node drops its cached answers.
import { ANY_COMPONENT } from '../domain/kb/changes.ts'
import type {
  Advisory,
  AdvisoryWriter,
  CpePackage,
  DataSource,
  EpssScore,
  KevEntry,
  WriteCounts,
} from '../domain/vulnerabilities/types.ts'
import { writeAdvisories } from './advisory-records.ts'
import { writeCpeProducts } from './cpe-products.ts'
import { writeEpss, writeKev } from './cve-feeds.ts'
import type { Storage } from './database.ts'
import { recordChanges } from './kb-changes.ts'

export class SqlAdvisoryWriter implements AdvisoryWriter {
  constructor(private readonly storage: Storage) {}

  writeAdvisories(advisories: readonly Advisory[], asOf: string): Promise<WriteCounts & { older: string[] }> {
    return writeAdvisories(this.storage, advisories, asOf)
  }

  writeEpss(scores: readonly EpssScore[], source: string, asOf: string): Promise<WriteCounts> {
    return writeEpss(this.storage, scores, source, asOf)
  }

  writeKev(entries: readonly KevEntry[], source: string, asOf: string): Promise<WriteCounts> {
    return writeKev(this.storage, entries, source, asOf)
  }

  writeCpeProducts(packages: readonly CpePackage[], source: string, asOf: string): Promise<WriteCounts> {
    return writeCpeProducts(this.storage, packages, source, asOf)
  }

  async recordSource(s: Omit<DataSource, 'records'> & { records?: number }): Promise<void> {
    // answers list their data sources' dates (statusWithDb): a new import date is a change to every answer
    await this.storage.db.transaction().execute(async (trx) => {
      const counted = async () =>
        Number(
          (
            await trx
              .selectFrom('advisories')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('source', '=', s.name)
              .executeTakeFirstOrThrow()
          ).n,
        )
      const row = {
        name: s.name,
        kind: s.kind,
        source_date: s.sourceDate,
        imported_at: s.importedAt,
        records: s.records ?? (await counted()),
      }
      await trx
        .insertInto('data_sources')
        .values(row)
        .onConflict((oc) => oc.column('name').doUpdateSet(row))
        .execute()
      await recordChanges(trx, [ANY_COMPONENT])
    })
  }
}
