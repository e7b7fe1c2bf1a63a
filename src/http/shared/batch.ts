// Helpers every per-component endpoint uses: the batch-size limit, the outcome fields and the status envelope.
import type { DataSourceKind, LoadedSource } from '../../domain/meta/types.ts'
import { startOfWork } from '../../domain/shared/breathe.ts'
import type { Outcome } from '../../domain/shared/outcome.ts'
import { HttpError } from '../errors.ts'
import type { AppDeps } from '../types.ts'

/**
 * Rejects a batch over MAX_BATCH_SIZE with 400 BATCH_TOO_LARGE, and an empty one with 400 VALIDATION_FAILED; a batch
 * it admits starts its work here, which is where the batch's turns of the event loop are timed from (breathe.ts).
 */
export function checkBatch(items: readonly unknown[], field: string, deps: Pick<AppDeps, 'config'>): void {
  startOfWork()
  if (items.length === 0) throw new HttpError('VALIDATION_FAILED', `'${field}' must hold at least one component`)
  const max = deps.config.maxBatchSize
  if (items.length > max)
    throw new HttpError('BATCH_TOO_LARGE', `${items.length} components in '${field}'; at most ${max} per request`)
}

/** A failed component's outcome in both spellings, `error_*` and `info_*` (docs/errors.md); nothing on success. */
export function outcomeFields(o: Outcome) {
  return o.code === 'SUCCESS'
    ? {}
    : { error_code: o.code, error_message: o.message, info_code: o.code, info_message: o.message }
}

/**
 * The status envelope with `db` (the loaded data set) and `server` (docs/api-behaviour.md "Status envelope"); with
 * `sources`, `db.sources` lists the loaded data sources of those kinds with their dates (docs/vulnerabilities.md).
 */
export async function statusWithDb(
  deps: Pick<AppDeps, 'services' | 'version'>,
  message: string,
  sources: readonly DataSourceKind[] = [],
) {
  const [meta, loaded] = await Promise.all([deps.services.kbMeta.get(), deps.services.kbMeta.sources(sources)])
  const listed = sources.length > 0 ? { sources: loaded.map(sourceStatus) } : {}
  return {
    status: 'SUCCESS',
    message,
    ...(meta ? { db: { schema_version: meta.schemaVersion, created_at: meta.createdAt, ...listed } } : {}),
    server: { version: deps.version },
  }
}

function sourceStatus(s: LoadedSource) {
  return {
    name: s.name,
    kind: s.kind,
    as_of: s.asOf,
    imported_at: s.importedAt,
    ...(s.checkedAt ? { checked_at: s.checkedAt } : {}),
    records: s.records,
  }
}
