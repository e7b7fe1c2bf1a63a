// What the KB writer asks of a table fed by one analyzer's output (storage/analysis-writer.ts INDEX_WRITERS): each is
// declared once, beside its tables, under the analyzer name the analyzer itself declares (domain/*/types.ts).
import type { Kysely, Transaction } from 'kysely'
import type { VersionAnalysis } from '../domain/kb/types.ts'
import type { Database } from './schema.ts'

export type Tx = Transaction<Database> | Kysely<Database>

/** One analyzer output written anew, with the version it belongs to. */
interface WrittenOutput {
  versionId: number
  analysis: VersionAnalysis
  analyzerVersion: string
  output: unknown
  purlName: string
}

export interface IndexWriter {
  readonly analyzer: string
  /** What the analyses row keeps of the output, the rest living in the writer's tables (default: all of it). */
  stored?(output: unknown): unknown
  /** Writes the output's rows, after its analyses row was written anew. */
  write(trx: Tx, written: WrittenOutput): Promise<unknown>
}
