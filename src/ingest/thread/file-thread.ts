// A file thread: one file read out of an npm version's tarball (packument, download, integrity, extraction) off the
// server's event loop, for GET /file_contents (file-pool.ts); the bytes, or why not, posted back.
import { parentPort, workerData } from 'node:worker_threads'
import { FileTooLarge } from '../../domain/scanning/file-contents.ts'
import { NpmPackageFiles } from '../npm/package-file.ts'
import { RegistryClient } from '../npm/registry-client.ts'
import type { FileJob, FileReply } from './file-pool.ts'
import { toWire } from './protocol.ts'

const port = parentPort
if (!port) throw new Error('file-thread.ts runs as a worker thread (src/ingest/thread/file-pool.ts)')
const job = workerData as FileJob
const post = (reply: FileReply) => port.postMessage(reply)
new NpmPackageFiles(new RegistryClient(job.npm, job.limits), job.maxUnpackedBytes)
  .read(job.place, job.maxBytes, new AbortController().signal) // the server ends the thread when it gives up
  .then(
    (bytes) => post({ ok: true, bytes }),
    (err: Error) =>
      post(
        err instanceof FileTooLarge
          ? { ok: false, tooLarge: { size: err.size, limit: err.limit } }
          : { ok: false, error: toWire(err) },
      ),
  )
