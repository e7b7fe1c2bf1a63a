// The jobs the artifact threads take (src/jobs/thread/pool.ts, artifact-thread.ts), their answers, and errors in a
// form that crosses the thread boundary (structured clone keeps neither class nor code). Every job is plain data in,
// plain data out: no thread reads or writes the database.
import type { FilePlace } from '../../domain/scanning/file-contents.ts'
import { FileTooLarge } from '../../domain/scanning/file-contents.ts'
import type { ArchiveWalk } from '../../ingest/archive-walk.ts'
import { PermanentError, type RefusalKind, UpstreamRefused } from '../../ingest/failure.ts'
import { TarballError } from '../../ingest/tar-input.ts'
import { IntegrityError, PackageNotFound, type TarballRef } from '../../sources/npm/registry.ts'

/** What a thread is asked (analyzers by name, taken from the default set there). */
export type ArtifactJob =
  /** An npm packument, fetched, parsed and mapped (its size bounds and origin rules: the registry client's). */
  | { kind: 'packument'; name: string; asOf: string }
  /** An npm tarball fetched (integrity checked) and walked. */
  | { kind: 'tarball'; ref: TarballRef; analyzers: string[]; maxUnpackedBytes?: number }
  /** The tar stream a command writes (a .deb's data archive, a decompressed source tarball) walked. */
  | { kind: 'command'; command: string; args: string[]; analyzers: string[] }
  /** A downloaded archive on disk (a wheel, an sdist) walked (ingest/archive-walk.ts). */
  | { kind: 'archive'; walk: ArchiveWalk; analyzers: string[] }
  /** One file taken out of an npm version's tarball (GET /file_contents). */
  | { kind: 'file'; place: FilePlace; maxBytes: number; maxUnpackedBytes: number }

export type ArtifactReply = { ok: true; value: unknown } | { ok: false; error: WireError }

/** What the pool posts: a job, or `abort` (a command job kills and reaps its command, then answers). */
export type ToThread = { kind: 'job'; job: ArtifactJob } | { kind: 'abort' }

export interface WireError {
  message: string
  code?: string
  statusCode?: number
  /** PackageNotFound, a TarballError, an UpstreamRefused, another PermanentError or a FileTooLarge. */
  type?: 'not-found' | 'tarball' | 'refused' | 'permanent' | 'too-large'
  kind?: RefusalKind
  packageName?: string
  size?: number
  limit?: number
}

export function toWire(err: unknown): WireError {
  const e = err as { message?: string; code?: unknown; statusCode?: unknown }
  return {
    message: String(e?.message ?? err),
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    ...(typeof e?.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(err instanceof PackageNotFound ? { type: 'not-found' as const, packageName: err.packageName } : {}),
    ...(err instanceof FileTooLarge ? { type: 'too-large' as const, size: err.size, limit: err.limit } : {}),
    ...(err instanceof TarballError
      ? { type: 'tarball' as const, kind: err.kind }
      : err instanceof UpstreamRefused
        ? { type: 'refused' as const, kind: err.kind }
        : err instanceof PermanentError
          ? { type: 'permanent' as const }
          : {}),
  }
}

export function fromWire(w: WireError): Error {
  if (w.type === 'not-found') return new PackageNotFound(w.packageName ?? '')
  if (w.type === 'too-large') return new FileTooLarge(w.size ?? 0, w.limit ?? 0)
  if (w.type === 'tarball') return new TarballError(w.message, w.kind)
  if (w.type === 'refused' && w.kind === 'integrity') return new IntegrityError(w.message)
  if (w.type === 'refused') return new UpstreamRefused(w.kind ?? 'format', w.message)
  if (w.type === 'permanent') return new PermanentError(w.message)
  return Object.assign(new Error(w.message), {
    ...(w.code ? { code: w.code } : {}),
    ...(w.statusCode ? { statusCode: w.statusCode } : {}),
  })
}
