// Walks in threads (walk-thread.ts), for the server's own worker: the analyzers' CPU-bound work (a large source
// tarball holds a thread for seconds, files at a time for hundreds of milliseconds) never runs on the API's event
// loop. One thread per walk, ended when it answers; the analyzers are named, and taken from the default set there.
import { Worker } from 'node:worker_threads'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import type { WalkResult } from '../../ingest/tarball-walk.ts'
import type { Walker } from '../../sources/debian/deb-file.ts'
import { fromWire, type WireError } from './protocol.ts'

const ENTRY = new URL('./walk-entry.js', import.meta.url)

export const walkInThread: Walker = (command: string, args: string[], analyzers: readonly Analyzer<unknown>[]) =>
  new Promise<WalkResult>((resolve, reject) => {
    const thread = new Worker(ENTRY, {
      workerData: { command, args, analyzers: analyzers.map((a) => a.name) },
      resourceLimits: { maxOldGenerationSizeMb: 2048 },
    })
    thread.once('message', (m: { ok: true; walked: WalkResult } | { ok: false; error: WireError }) => {
      if (m.ok) resolve(m.walked)
      else reject(fromWire(m.error)) // a refusal keeps its kind: a tarball over a limit is not tried again
      void thread.terminate()
    })
    thread.once('error', reject)
    thread.once('exit', (code) => reject(new Error(`the walk thread stopped (${code})`)))
  })
