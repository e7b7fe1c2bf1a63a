// Helpers every per-component endpoint uses: the batch-size limit, the outcome fields and the status envelope.
import type { Outcome } from '../../domain/shared/outcome.ts'
import { HttpError } from '../errors.ts'
import type { AppDeps } from '../types.ts'

/** Rejects a batch over MAX_BATCH_SIZE with 400 BATCH_TOO_LARGE, and an empty one with 400 VALIDATION_FAILED. */
export function checkBatch(items: readonly unknown[], field: string, deps: Pick<AppDeps, 'config'>): void {
  if (items.length === 0) throw new HttpError('VALIDATION_FAILED', `'${field}' must hold at least one component`)
  const max = deps.config.maxBatchSize
  if (items.length > max)
    throw new HttpError('BATCH_TOO_LARGE', `${items.length} components in '${field}'; at most ${max} per request`)
}

/** `error_code`/`error_message` for a failed component; nothing on success. */
export function errorFields(o: Outcome): { error_code?: string; error_message?: string } {
  return o.code === 'SUCCESS' ? {} : { error_code: o.code, error_message: o.message }
}

/** `info_code`/`info_message` (the licenses convention); nothing on success. */
export function infoFields(o: Outcome): { info_code?: string; info_message?: string } {
  return o.code === 'SUCCESS' ? {} : { info_code: o.code, info_message: o.message }
}

/** The status envelope with `db` (the loaded data set) and `server` (spec Versioning 3). */
export async function statusWithDb(deps: Pick<AppDeps, 'services' | 'version'>, message: string) {
  const meta = await deps.services.kbMeta.get()
  return {
    status: 'SUCCESS',
    message,
    ...(meta ? { db: { schema_version: meta.schemaVersion, created_at: meta.createdAt } } : {}),
    server: { version: deps.version },
  }
}
