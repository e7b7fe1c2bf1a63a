// Files read out of npm tarballs in threads (file-thread.ts), for GET /file_contents: a large packument's parse and
// a tarball's decompression and tar parsing never hold the API's event loop. A thread takes one read at a time and
// waits for the next one for IDLE_MS; a read that is given up (its signal) ends its thread.
import { Worker } from 'node:worker_threads'
import type { RegistryLimits } from '../../config/growth.ts'
import { type FilePlace, FileTooLarge, type PackageFileSource } from '../../domain/scanning/file-contents.ts'
import { fromWire, type WireError } from './protocol.ts'

const ENTRY = new URL('./file-entry.js', import.meta.url)
/** An idle thread is ended after this long (starting one loads the registry client: about a second). */
const IDLE_MS = 60_000

export interface FileThreadSetup {
  /** npm options over the configuration's (tests: a fixture registry). */
  npm: Record<string, unknown>
  limits: RegistryLimits
  maxUnpackedBytes: number
}

export type FileReply =
  | { ok: true; bytes: Uint8Array | undefined }
  | { ok: false; tooLarge: { size: number; limit: number } }
  | { ok: false; error: WireError }

interface Idle {
  thread: Worker
  timer: NodeJS.Timeout
}

export class NpmFilesInThreads implements PackageFileSource {
  private readonly idle: Idle[] = []
  private readonly busy = new Set<Worker>()

  constructor(private readonly setup: FileThreadSetup) {}

  /** Ends every thread: the reads under way fail (their 'exit'), the idle ones stop waiting. */
  async close(): Promise<void> {
    const threads = [...this.busy, ...this.idle.map((i) => i.thread)]
    await Promise.all(threads.map((t) => t.terminate()))
  }

  serves(purl: string): boolean {
    return purl.startsWith('pkg:npm/')
  }

  read(place: FilePlace, maxBytes: number, signal: AbortSignal): Promise<Buffer | undefined> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason)
      const thread = this.take()
      this.busy.add(thread)
      const settle = (kept: boolean) => {
        this.busy.delete(thread)
        signal.removeEventListener('abort', stop)
        thread.off('message', answered).off('error', failed).off('exit', exited)
        if (kept) this.keep(thread)
        else void thread.terminate()
      }
      const stop = () => {
        settle(false)
        reject(signal.reason)
      }
      const answered = (m: FileReply) => {
        settle(true)
        if (m.ok) resolve(m.bytes ? Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength) : undefined)
        else reject('tooLarge' in m ? new FileTooLarge(m.tooLarge.size, m.tooLarge.limit) : fromWire(m.error))
      }
      const failed = (err: Error) => {
        settle(false)
        reject(err)
      }
      const exited = (code: number) => failed(new Error(`the file thread stopped (${code})`))
      signal.addEventListener('abort', stop, { once: true })
      thread.on('message', answered).on('error', failed).on('exit', exited)
      thread.ref()
      thread.postMessage({ place, maxBytes })
    })
  }

  private take(): Worker {
    const idle = this.idle.pop()
    if (idle) {
      clearTimeout(idle.timer)
      return idle.thread
    }
    const thread = new Worker(ENTRY, { workerData: this.setup, resourceLimits: { maxOldGenerationSizeMb: 1024 } })
    thread.on('error', () => {}) // a read's own listener reports it; an idle thread's failure only ends it
    thread.once('exit', () => this.drop(thread))
    return thread
  }

  /** Waits for the next read; an idle thread keeps no process alive. */
  private keep(thread: Worker): void {
    thread.unref()
    const timer = setTimeout(() => void thread.terminate(), IDLE_MS).unref()
    this.idle.push({ thread, timer })
  }

  private drop(thread: Worker): void {
    const at = this.idle.findIndex((i) => i.thread === thread)
    if (at < 0) return
    clearTimeout(this.idle[at]?.timer)
    this.idle.splice(at, 1)
  }
}
