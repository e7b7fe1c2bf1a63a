// The server's analysis threads: on-demand units are ingested in worker threads so that walking a large tarball
// (gunzip, tar, every analyzer) never holds the API's event loop. Threads are started when first needed and kept
// while there is work (one idle for IDLE_MS stops, giving back the memory a large package made its heap grow to);
// a unit whose signal aborts (its timeout) terminates its thread, and the next unit starts a fresh one. The thread
// asks this one for package state and hands it the package to write: the database stays on the server's thread.
import { Worker } from 'node:worker_threads'
import type { RegistryLimits } from '../../config/growth.ts'
import type { KbWriter, PackageState, WriteReport } from '../../domain/kb/types.ts'
import type { IngestOne, PackageResult, UnitIngest } from '../../sources/npm/ingest-package.ts'
import { type FromThread, fromWire, type ToThread, toWire } from './protocol.ts'

export interface AnalysisThreadOptions {
  /** npm options over the npm configuration's (tests: a fixture registry on 127.0.0.1 and a scratch cache). */
  registryOverrides?: Record<string, unknown>
  /** The registry's bounds and outbound rules (config's `growth.npm`). */
  registryLimits?: RegistryLimits
  /** A thread over this heap size stops (its unit fails and is retried) instead of taking the server down. */
  maxHeapMb?: number
}

const ENTRY = new URL('./entry.js', import.meta.url)
/** A thread left without work this long stops (starting one again takes about half a second). */
const IDLE_MS = 30_000

export class AnalysisThreads {
  /** Threads without work, each with the timer that stops it. */
  private readonly idle = new Map<Worker, NodeJS.Timeout>()
  private readonly all = new Set<Worker>()
  private closed = false

  constructor(
    private readonly writer: KbWriter,
    private readonly opts: AnalysisThreadOptions = {},
  ) {}

  readonly ingest: IngestOne = (name, unit) => {
    if (this.closed) return Promise.reject(new Error('the analysis threads are stopped'))
    if (unit.signal?.aborted) return Promise.reject(unit.signal.reason) // a rejection, as every other failure
    return this.run(this.takeIdle() ?? this.spawn(), name, unit)
  }

  private takeIdle(): Worker | undefined {
    const [thread, timer] = this.idle.entries().next().value ?? []
    if (!thread) return undefined
    clearTimeout(timer)
    this.idle.delete(thread)
    return thread
  }

  private putIdle(thread: Worker): void {
    const timer = setTimeout(() => {
      this.idle.delete(thread)
      void thread.terminate()
    }, IDLE_MS)
    timer.unref()
    this.idle.set(thread, timer)
  }

  /** Terminates every thread; units in progress fail (the worker has given them back by then). */
  async close(): Promise<void> {
    this.closed = true
    await Promise.all([...this.all].map((t) => t.terminate()))
  }

  private spawn(): Worker {
    const thread = new Worker(ENTRY, {
      workerData: { registryOverrides: this.opts.registryOverrides ?? {}, registryLimits: this.opts.registryLimits },
      resourceLimits: { maxOldGenerationSizeMb: this.opts.maxHeapMb ?? 2048 },
    })
    this.all.add(thread)
    thread.once('exit', () => {
      this.all.delete(thread)
      clearTimeout(this.idle.get(thread))
      this.idle.delete(thread)
    })
    return thread
  }

  private run(thread: Worker, name: string, unit: UnitIngest): Promise<PackageResult> {
    const { signal, onRetry, ...job } = unit
    return new Promise<PackageResult>((resolve, reject) => {
      const settle = (reusable: boolean, end: () => void) => {
        thread.off('message', onMessage)
        thread.off('error', onError)
        thread.off('exit', onExit)
        signal?.removeEventListener('abort', onAbort)
        thread.unref()
        if (reusable && !this.closed) this.putIdle(thread)
        else void thread.terminate()
        end()
      }
      const onAbort = () => settle(false, () => reject(signal?.reason))
      const onError = (err: Error) => settle(false, () => reject(err))
      const onExit = (code: number) => settle(false, () => reject(new Error(`the analysis thread stopped (${code})`)))
      const onMessage = (m: FromThread) => {
        if (m.kind === 'state') this.answer(thread, m.call, () => this.writer.state(m.purl))
        else if (m.kind === 'write')
          this.answer(thread, m.call, () => {
            signal?.throwIfAborted() // timed out: nothing is written, as in this thread
            return this.writer.writePackage(m.update)
          })
        else if (m.kind === 'retry') onRetry?.(m.what, fromWire(m.error), m.attempt)
        else if (m.kind === 'done') settle(true, () => resolve(m.result))
        else settle(true, () => reject(fromWire(m.error)))
      }
      thread.on('message', onMessage)
      thread.on('error', onError)
      thread.on('exit', onExit)
      signal?.addEventListener('abort', onAbort, { once: true })
      thread.ref()
      thread.postMessage({ kind: 'job', name, job } satisfies ToThread)
    })
  }

  private answer(thread: Worker, call: number, fn: () => Promise<PackageState | WriteReport | undefined>): void {
    const reply = (m: ToThread) => {
      if (this.all.has(thread)) thread.postMessage(m)
    }
    Promise.resolve()
      .then(fn)
      .then(
        (value) => reply({ kind: 'reply', call, value }),
        (err) => reply({ kind: 'reply', call, error: toWire(err) }),
      )
  }
}
