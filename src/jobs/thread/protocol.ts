// The messages between the server and its analysis threads (src/jobs/thread/pool.ts, analysis-thread.ts), and
// errors in a form that crosses the thread boundary (structured clone keeps neither class nor code).
import type { PackageState, PackageUpdate, WriteReport } from '../../domain/kb/types.ts'
import { PermanentError, type RefusalKind, UpstreamRefused } from '../../ingest/failure.ts'
import type { PackageResult, UnitIngest } from '../../sources/npm/ingest-package.ts'
import { IntegrityError, PackageNotFound } from '../../sources/npm/registry.ts'

/** What crosses to a thread: the unit's options without the signal (a timeout terminates the thread instead). */
type ThreadJob = Omit<UnitIngest, 'signal' | 'onRetry'>

export type ToThread =
  | { kind: 'job'; name: string; job: ThreadJob }
  | { kind: 'reply'; call: number; value?: PackageState | WriteReport | undefined; error?: WireError }

export type FromThread =
  | { kind: 'state'; call: number; purl: string }
  | { kind: 'write'; call: number; update: PackageUpdate }
  | { kind: 'retry'; what: string; error: WireError; attempt: number }
  | { kind: 'done'; result: PackageResult }
  | { kind: 'failed'; error: WireError }

export interface WireError {
  message: string
  code?: string
  statusCode?: number
  /** PackageNotFound (the package or version is not in the registry), an UpstreamRefused or another PermanentError. */
  type?: 'not-found' | 'refused' | 'permanent'
  kind?: RefusalKind
  packageName?: string
}

export function toWire(err: unknown): WireError {
  const e = err as { message?: string; code?: unknown; statusCode?: unknown }
  return {
    message: String(e?.message ?? err),
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    ...(typeof e?.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(err instanceof PackageNotFound ? { type: 'not-found' as const, packageName: err.packageName } : {}),
    ...(err instanceof UpstreamRefused
      ? { type: 'refused' as const, kind: err.kind }
      : err instanceof PermanentError
        ? { type: 'permanent' as const }
        : {}),
  }
}

export function fromWire(w: WireError): Error {
  if (w.type === 'not-found') return new PackageNotFound(w.packageName ?? '')
  if (w.type === 'refused' && w.kind === 'integrity') return new IntegrityError(w.message)
  if (w.type === 'refused') return new UpstreamRefused(w.kind ?? 'format', w.message)
  if (w.type === 'permanent') return new PermanentError(w.message)
  return Object.assign(new Error(w.message), {
    ...(w.code ? { code: w.code } : {}),
    ...(w.statusCode ? { statusCode: w.statusCode } : {}),
  })
}
