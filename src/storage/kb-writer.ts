// Writes one package per transaction, idempotently: unchanged facts (by digest) are not written again,
// so a crash never leaves half a package and a rerun that learns nothing new changes nothing. The rows are written by
// package-writer.ts (component, versions and what hangs off them) and analysis-writer.ts (analyzer outputs).
import { ANY_COMPONENT, componentTag } from '../domain/kb/changes.ts'
import type { KbWriter, PackageState, PackageUpdate, VersionAnalysis, WriteReport } from '../domain/kb/types.ts'
import { writeAnalysis } from './analysis-writer.ts'
import type { Storage } from './database.ts'
import { pruneChanges, recordChanges } from './kb-changes.ts'
import { writePackage } from './package-writer.ts'
import { refreshPopularity } from './popularity.ts'

export class SqlKbWriter implements KbWriter {
  constructor(private readonly storage: Storage) {}

  async finish(): Promise<void> {
    await refreshPopularity(this.storage.db)
    await pruneChanges(this.storage.db)
  }

  async state(purl: string): Promise<PackageState | undefined> {
    const db = this.storage.db
    const component = await db.selectFrom('components').select('id').where('purl', '=', purl).executeTakeFirst()
    if (!component) return undefined
    const rows = await db
      .selectFrom('versions as v')
      .leftJoin('analyses as a', 'a.version_id', 'v.id')
      .select(['v.version', 'a.analyzer', 'a.analyzer_version'])
      .where('v.component_id', '=', component.id)
      .execute()
    const state: PackageState = { versions: new Set(), analyses: new Map() }
    for (const r of rows) {
      state.versions.add(r.version)
      if (!r.analyzer || r.analyzer_version === null) continue
      const byAnalyzer = state.analyses.get(r.version) ?? new Map<string, string>()
      byAnalyzer.set(r.analyzer, r.analyzer_version)
      state.analyses.set(r.version, byAnalyzer)
    }
    return state
  }

  writePackage(update: PackageUpdate): Promise<WriteReport> {
    return this.storage.db.transaction().execute((trx) => writePackage(trx, update))
  }

  /**
   * Writes new analyses of versions the KB already holds, leaving every registry fact as it is (a script adding an
   * analyzer's output to a seed without refreshing the rest); returns how many outputs were written.
   */
  writeAnalyses(purl: string, analyses: readonly VersionAnalysis[]): Promise<number> {
    return this.storage.db.transaction().execute(async (trx) => {
      const c = await trx
        .selectFrom('components')
        .select(['id', 'purl_name'])
        .where('purl', '=', purl)
        .executeTakeFirst()
      if (!c) return 0
      const versions = await trx
        .selectFrom('versions')
        .select(['id', 'version'])
        .where('component_id', '=', c.id)
        .execute()
      const ids = new Map(versions.map((v) => [v.version, v.id]))
      let written = 0
      for (const a of analyses) {
        const id = ids.get(a.version)
        if (id !== undefined) written += await writeAnalysis(trx, id, a, c.purl_name)
      }
      if (written > 0) await recordChanges(trx, [componentTag(purl) ?? ANY_COMPONENT])
      return written
    })
  }
}
