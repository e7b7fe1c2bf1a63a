// Files read out of npm tarballs in threads (file-thread.ts), for GET /file_contents: a large packument's parse and
// a tarball's decompression and tar parsing never hold the API's event loop. One thread per read, ended when it
// answers or when the read is given up (its signal).
import { Worker } from 'node:worker_threads'
import { type FilePlace, FileTooLarge, type PackageFileSource } from '../../domain/scanning/file-contents.ts'
import type { RegistryLimits } from '../npm/registry-limits.ts'
import { fromWire, type WireError } from './protocol.ts'

const ENTRY = new URL('./file-entry.js', import.meta.url)

export interface FileJob {
  /** npm options over the configuration's (tests: a fixture registry). */
  npm: Record<string, unknown>
  limits: RegistryLimits
  maxUnpackedBytes: number
  place: FilePlace
  maxBytes: number
}

export type FileReply =
  | { ok: true; bytes: Uint8Array | undefined }
  | { ok: false; tooLarge: { size: number; limit: number } }
  | { ok: false; error: WireError }

export class NpmFilesInThreads implements PackageFileSource {
  constructor(private readonly job: Pick<FileJob, 'npm' | 'limits' | 'maxUnpackedBytes'>) {}

  serves(purl: string): boolean {
    return purl.startsWith('pkg:npm/')
  }

  read(place: FilePlace, maxBytes: number, signal: AbortSignal): Promise<Buffer | undefined> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason)
      const thread = new Worker(ENTRY, {
        workerData: { ...this.job, place, maxBytes } satisfies FileJob,
        resourceLimits: { maxOldGenerationSizeMb: 1024 },
      })
      const end = () => {
        signal.removeEventListener('abort', stop)
        void thread.terminate()
      }
      const stop = () => {
        end()
        reject(signal.reason)
      }
      signal.addEventListener('abort', stop, { once: true })
      thread.once('message', (m: FileReply) => {
        end()
        if (m.ok) resolve(m.bytes ? Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength) : undefined)
        else reject('tooLarge' in m ? new FileTooLarge(m.tooLarge.size, m.tooLarge.limit) : fromWire(m.error))
      })
      thread.once('error', (err) => {
        end()
        reject(err)
      })
      thread.once('exit', (code) => reject(new Error(`the file thread stopped (${code})`)))
    })
  }
}
