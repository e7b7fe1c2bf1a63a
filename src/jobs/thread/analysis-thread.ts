// An analysis thread: ingests one package at a time with every analyzer (the CPU-bound tarball walk happens here,
// off the server's event loop). It reads package state and writes through the server's thread (the only one that
// holds the database), so a thread holds no connection and can be terminated at any point without harm.
import { parentPort, workerData } from 'node:worker_threads'
import type { KbWriter, PackageState, WriteReport } from '../../domain/kb/types.ts'
import { DEFAULT_ANALYZERS } from '../../ingest/analyzers/index.ts'
import { ingestInThisThread } from '../../sources/npm/ingest-package.ts'
import { RegistryClient } from '../../sources/npm/registry-client.ts'
import { type FromThread, fromWire, type ToThread, toWire } from './protocol.ts'

const port = parentPort
if (!port) throw new Error('analysis-thread.ts runs as a worker thread (src/jobs/thread/pool.ts)')
const send = (m: FromThread) => port.postMessage(m)

const calls = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
let nextCall = 0
function call<T>(message: (call: number) => FromThread): Promise<T> {
  const id = nextCall++
  return new Promise<T>((resolve, reject) => {
    calls.set(id, { resolve: resolve as (v: unknown) => void, reject })
    send(message(id))
  })
}

const writer: KbWriter = {
  state: (purl) => call<PackageState | undefined>((c) => ({ kind: 'state', call: c, purl })),
  writePackage: (update) => call<WriteReport>((c) => ({ kind: 'write', call: c, update })),
}
const ingest = ingestInThisThread(
  new RegistryClient(workerData.registryOverrides ?? {}, workerData.registryLimits),
  writer,
  DEFAULT_ANALYZERS,
)

port.on('message', (m: ToThread) => {
  if (m.kind === 'reply') {
    const pending = calls.get(m.call)
    calls.delete(m.call)
    if (m.error) pending?.reject(fromWire(m.error))
    else pending?.resolve(m.value)
    return
  }
  ingest(m.name, {
    ...m.job,
    onRetry: (what, err, attempt) => send({ kind: 'retry', what, error: toWire(err), attempt }),
  }).then(
    (result) => send({ kind: 'done', result }),
    (err) => send({ kind: 'failed', error: toWire(err) }),
  )
})
