// Ingests many npm packages with bounded concurrency, progress and a final summary; stops cleanly on request.
import type { KbWriter } from '../../domain/kb/types.ts'
import { bytes, Progress, type ProgressSink } from '../../ingest/progress.ts'
import { type IngestOptions, ingestPackage } from './ingest-package.ts'
import { type NpmRegistry, PackageNotFound } from './registry.ts'

export interface RunSummary {
  packages: number
  notFound: string[]
  failed: { name: string; reason: string }[]
  versions: number
  versionsWritten: number
  analyzed: number
  analysesWritten: number
  bytes: number
  changedPackages: number
  stopped: boolean
}

export interface RunOptions extends IngestOptions {
  concurrency: number
  /** Follow the runtime and optional dependencies of each package's latest version (its dependency closure). */
  withDependencies?: boolean
  sink?: ProgressSink
  /** Checked before each package starts; true stops the run after the packages in flight. */
  shouldStop?(): boolean
}

export async function runIngest(
  names: readonly string[],
  registry: NpmRegistry,
  writer: KbWriter,
  opts: RunOptions,
): Promise<RunSummary> {
  const unique = [...new Set(names)]
  const seen = new Set(unique)
  const s: RunSummary = {
    packages: 0,
    notFound: [],
    failed: [],
    versions: 0,
    versionsWritten: 0,
    analyzed: 0,
    analysesWritten: 0,
    bytes: 0,
    changedPackages: 0,
    stopped: false,
  }
  const progress = new Progress(unique.length, opts.sink)
  const counts = () => ({ ok: s.packages, 'not found': s.notFound.length, failed: s.failed.length })
  let next = 0
  let inFlight = 0
  let wake: () => void = () => {}
  const worker = async () => {
    for (;;) {
      if (opts.shouldStop?.()) {
        s.stopped = true
        return
      }
      if (next >= unique.length) {
        // The queue is empty for now; a package still in flight may add its dependencies to it.
        if (inFlight === 0) return wake()
        await new Promise<void>((resolve) => {
          const prev = wake
          wake = () => {
            prev()
            resolve()
          }
        })
        continue
      }
      const name = unique[next++] as string
      inFlight++
      try {
        const r = await ingestPackage(name, registry, writer, {
          ...opts,
          onRetry: (what, err, n) => progress.note(`retry ${n} for ${what}: ${(err as Error).message}`),
        })
        s.packages++
        s.versions += r.versions
        s.analyzed += r.analyzed
        s.bytes += r.bytes
        if (opts.withDependencies) {
          for (const dep of r.latestDependencies) {
            if (seen.has(dep)) continue
            seen.add(dep)
            unique.push(dep)
            progress.grow(1)
          }
        }
        if (r.report) {
          s.versionsWritten += r.report.versionsInserted + r.report.versionsUpdated
          s.analysesWritten += r.report.analysesWritten
          if (
            r.report.componentChanged ||
            r.report.versionsInserted + r.report.versionsUpdated + r.report.analysesWritten > 0
          )
            s.changedPackages++
        }
        progress.tick(`${name}: ${r.versions} versions, ${r.analyzed} analyzed (${bytes(r.bytes)})`, counts())
      } catch (err) {
        if (err instanceof PackageNotFound) s.notFound.push(name)
        else s.failed.push({ name, reason: (err as Error).message })
        progress.note(
          err instanceof PackageNotFound ? `${name}: not found` : `${name}: failed: ${(err as Error).message}`,
        )
        progress.tick(`${name}: ${err instanceof PackageNotFound ? 'not found' : 'failed'}`, counts())
      } finally {
        inFlight--
        const w = wake
        wake = () => {}
        w()
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, worker))
  if (!opts.dryRun) await writer.finish?.()
  return s
}

export function formatSummary(s: RunSummary, dryRun: boolean): string {
  const lines = [
    `${dryRun ? 'dry run: ' : ''}${s.packages} package(s), ${s.versions} version(s), ${s.analyzed} tarball(s) analyzed, ${bytes(s.bytes)} unpacked`,
    dryRun
      ? 'nothing written (--dry-run)'
      : `written: ${s.changedPackages} package(s) changed, ${s.versionsWritten} version row(s), ${s.analysesWritten} analyzer output(s)`,
  ]
  if (s.notFound.length > 0) lines.push(`not found (${s.notFound.length}): ${s.notFound.join(', ')}`)
  for (const f of s.failed) lines.push(`failed: ${f.name}: ${f.reason}`)
  if (s.stopped) lines.push('stopped before the end; run the same command again to resume')
  return lines.join('\n')
}
