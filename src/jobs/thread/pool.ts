// The server's artifact threads: every CPU-bound read of an artifact (an npm packument's parse, an npm tarball's or a
// Debian archive's walk through the analyzers, one file taken out of a tarball for GET /file_contents) runs in a
// worker thread, so none holds the API's event loop. Jobs are plain data in and out (protocol.ts); the database stays
// on the server's thread, which writes a package only once all its walks have answered. At most `size` threads run
// (docs/running-at-scale.md "Threads": ON_DEMAND_CONCURRENCY + FILE_THREADS), further jobs wait their turn; a thread
// is started when a job finds none idle and stops after IDLE_MS without work (giving back the memory a large package
// made its heap grow to). A job whose signal aborts terminates its thread (a command job is first told to kill and
// reap its command); a thread over its heap limit fails its job, not the server.

import { Worker } from 'node:worker_threads'
import type { RegistryLimits } from '../../config/growth.ts'
import type { FilePlace, PackageFileSource } from '../../domain/scanning/file-contents.ts'
import type { ArchiveWalker } from '../../ingest/archive-walk.ts'
import type { Walker } from '../../sources/debian/deb-file.ts'
import type { NpmArtifacts } from '../../sources/npm/ingest-package.ts'
import { type ArtifactJob, type ArtifactReply, fromWire, type ToThread } from './protocol.ts'

export interface ArtifactThreadOptions {
  /** npm options over the npm configuration's (tests: a fixture registry on 127.0.0.1 and a scratch cache). */
  npm?: Record<string, unknown>
  /** The registry's bounds and outbound rules (config's `growth.npm`). */
  limits?: RegistryLimits
  /** The most threads at once. */
  size: number
  /** A thread over this heap size stops (its job fails) instead of taking the server down. */
  maxHeapMb?: number
}

/** Threads the pool keeps beyond ON_DEMAND_CONCURRENCY, so that GET /file_contents is not queued behind every unit. */
export const FILE_THREADS = 2
const ENTRY = new URL('./entry.js', import.meta.url)
/** A thread left without work this long stops (starting one again takes about half a second). */
const IDLE_MS = 30_000
/**
 * An aborted command job that has not answered (its command killed and reaped) within this is terminated. Generous:
 * only the thread's own event loop can reap its command, so a thread terminated before it did leaves a defunct child
 * for the life of the server (seen with 2 s on a busy machine); the abort is answered as soon as the thread has reaped.
 */
const ABORT_GRACE_MS = 30_000

interface Waiting {
  job: ArtifactJob
  signal: AbortSignal | undefined
  start(thread: Worker): void
  reject(err: unknown): void
}

export class ArtifactThreads {
  private readonly idle = new Map<Worker, NodeJS.Timeout>()
  private readonly all = new Set<Worker>()
  private readonly waiting: Waiting[] = []
  private closed = false

  constructor(private readonly opts: ArtifactThreadOptions) {}

  /** Runs one job in a thread; rejects with the signal's reason once it aborts, with the job's error as it was. */
  run<T>(job: ArtifactJob, signal?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the artifact threads are stopped'))
    if (signal?.aborted) return Promise.reject(signal.reason)
    return new Promise<T>((resolve, reject) => {
      const w: Waiting = { job, signal, start: (t) => this.start(t, w, resolve as (v: unknown) => void), reject }
      const thread = this.take()
      if (thread) return w.start(thread)
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(w), 1)
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', leave, { once: true })
      w.start = (t) => {
        signal?.removeEventListener('abort', leave)
        this.start(t, w, resolve as (v: unknown) => void)
      }
      this.waiting.push(w)
    })
  }

  /** Debian's walks (sources/debian/deb-file.ts's Walker) as command jobs. */
  readonly walker: Walker = (command, args, analyzers, signal) =>
    this.run({ kind: 'command', command, args, analyzers: analyzers.map((a) => a.name) }, signal)

  /** Downloaded archives' walks (ingest/archive-walk.ts: PyPI's wheels and sdists) as archive jobs. */
  readonly archives: ArchiveWalker = (walk, analyzers, signal) =>
    this.run({ kind: 'archive', walk, analyzers: analyzers.map((a) => a.name) }, signal)

  /** npm's packuments and tarball walks (sources/npm/ingest-package.ts) as packument and tarball jobs. */
  readonly npm: NpmArtifacts = {
    packument: (name, asOf, signal) => this.run({ kind: 'packument', name, asOf }, signal),
    walk: (ref, analyzers, { maxUnpackedBytes, signal }) =>
      this.run({ kind: 'tarball', ref, analyzers: analyzers.map((a) => a.name), maxUnpackedBytes }, signal),
  }

  /** GET /file_contents's npm files as file jobs; closing the source closes the pool if `owned` (its own pool). */
  files(maxUnpackedBytes: number, owned: boolean): PackageFileSource {
    return {
      serves: (purl) => purl.startsWith('pkg:npm/'),
      read: async (place: FilePlace, maxBytes, signal) => {
        const bytes = await this.run<Uint8Array | undefined>(
          { kind: 'file', place, maxBytes, maxUnpackedBytes },
          signal,
        )
        return bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      },
      close: async () => {
        if (owned) await this.close()
      },
    }
  }

  /** Terminates every thread: the jobs under way and waiting fail. */
  async close(): Promise<void> {
    this.closed = true
    for (const w of this.waiting.splice(0)) w.reject(new Error('the artifact threads are stopped'))
    await Promise.all([...this.all].map((t) => t.terminate()))
  }

  /** An idle thread, or a new one while there are fewer than `size`. */
  private take(): Worker | undefined {
    const [thread, timer] = this.idle.entries().next().value ?? []
    if (thread) {
      clearTimeout(timer)
      this.idle.delete(thread)
      return thread
    }
    if (this.all.size >= Math.max(1, this.opts.size)) return undefined
    const fresh = new Worker(ENTRY, {
      workerData: { npm: this.opts.npm ?? {}, limits: this.opts.limits },
      resourceLimits: { maxOldGenerationSizeMb: this.opts.maxHeapMb ?? 2048 },
    })
    fresh.on('error', () => {}) // a job's own listener reports it; an idle thread's failure only ends it
    this.all.add(fresh)
    fresh.once('exit', () => {
      this.all.delete(fresh)
      clearTimeout(this.idle.get(fresh))
      this.idle.delete(fresh)
      this.next()
    })
    return fresh
  }

  /** The thread is free: the next waiting job gets it, or it waits IDLE_MS for one (keeping no process alive). */
  private free(thread: Worker): void {
    thread.unref()
    const w = this.waiting.shift()
    if (w) {
      w.start(thread)
      return
    }
    const timer = setTimeout(() => void thread.terminate(), IDLE_MS).unref()
    this.idle.set(thread, timer)
  }

  /** A thread has ended: a waiting job may start one. */
  private next(): void {
    if (this.closed || this.waiting.length === 0) return
    const thread = this.take()
    const w = thread && this.waiting.shift()
    if (thread && w) w.start(thread)
  }

  private start(thread: Worker, w: Waiting, resolve: (v: unknown) => void): void {
    const { job, signal } = w
    let grace: NodeJS.Timeout | undefined
    const settle = (reusable: boolean, end: () => void) => {
      thread.off('message', answered).off('error', failed).off('exit', exited)
      signal?.removeEventListener('abort', aborted)
      clearTimeout(grace)
      if (reusable && !this.closed) this.free(thread)
      else void thread.terminate()
      end()
    }
    const aborted = () => {
      if (job.kind !== 'command') return settle(false, () => w.reject(signal?.reason))
      thread.postMessage({ kind: 'abort' } satisfies ToThread) // its command is killed and reaped, then it answers
      grace = setTimeout(() => void thread.terminate(), ABORT_GRACE_MS)
    }
    const answered = (m: ArtifactReply) => {
      if (signal?.aborted) return settle(false, () => w.reject(signal.reason))
      settle(true, () => (m.ok ? resolve(m.value) : w.reject(fromWire(m.error))))
    }
    const failed = (err: Error) => settle(false, () => w.reject(signal?.aborted ? signal.reason : err))
    const exited = (code: number) =>
      failed(signal?.aborted ? signal.reason : new Error(`the artifact thread stopped (${code})`))
    thread.on('message', answered).on('error', failed).on('exit', exited)
    signal?.addEventListener('abort', aborted, { once: true })
    thread.ref()
    thread.postMessage({ kind: 'job', job } satisfies ToThread)
  }
}
