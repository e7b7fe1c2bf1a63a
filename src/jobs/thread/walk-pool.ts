// Walks in threads (walk-thread.ts), for the server's own worker: the analyzers' CPU-bound work (a large source
// tarball holds a thread for seconds, files at a time for hundreds of milliseconds) never runs on the API's event
// loop. One thread per walk, ended when it answers; the analyzers are named, and taken from the default set there.
// An aborted walk is told to stop: the thread kills and reaps its command and answers; one that does not answer
// within ABORT_GRACE_MS is terminated.
import { Worker } from 'node:worker_threads'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import type { WalkResult } from '../../ingest/tarball-walk.ts'
import type { Walker } from '../../sources/debian/deb-file.ts'
import { fromWire, type WireError } from './protocol.ts'

const ENTRY = new URL('./walk-entry.js', import.meta.url)
const ABORT_GRACE_MS = 2000

export const walkInThread: Walker = (
  command: string,
  args: string[],
  analyzers: readonly Analyzer<unknown>[],
  signal?: AbortSignal,
) =>
  new Promise<WalkResult>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const thread = new Worker(ENTRY, {
      workerData: { command, args, analyzers: analyzers.map((a) => a.name) },
      resourceLimits: { maxOldGenerationSizeMb: 2048 },
    })
    let grace: NodeJS.Timeout | undefined
    const onAbort = () => {
      thread.postMessage('abort')
      grace = setTimeout(() => void thread.terminate(), ABORT_GRACE_MS)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    const end = () => {
      signal?.removeEventListener('abort', onAbort)
      clearTimeout(grace)
    }
    thread.once('message', (m: { ok: true; walked: WalkResult } | { ok: false; error: WireError }) => {
      end()
      if (m.ok) resolve(m.walked)
      else reject(signal?.aborted ? signal.reason : fromWire(m.error)) // a refusal keeps its kind
      void thread.terminate()
    })
    thread.once('error', (err) => {
      end()
      reject(err)
    })
    thread.once('exit', (code) => {
      end()
      reject(signal?.aborted ? signal.reason : new Error(`the walk thread stopped (${code})`))
    })
  })
