// Analyzer outputs of versions (e.g. code-stats), one query per batch.
import type { AnalysisReader } from '../domain/components/types.ts'
import type { Storage } from './database.ts'

const CHUNK = 5000

export class SqlAnalysisReader implements AnalysisReader {
  constructor(private readonly storage: Storage) {}

  async outputs(versionIds: readonly number[], analyzer: string): Promise<Map<number, unknown>> {
    const out = new Map<number, unknown>()
    const ids = [...new Set(versionIds)]
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('analyses')
        .select(['version_id', 'output'])
        .where('analyzer', '=', analyzer)
        .where('version_id', 'in', ids.slice(i, i + CHUNK))
        .execute()
      for (const r of rows) out.set(r.version_id, JSON.parse(r.output))
    }
    return out
  }
}
