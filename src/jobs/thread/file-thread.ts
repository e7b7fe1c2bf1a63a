// A file thread: files read out of npm versions' tarballs (packument, download, integrity, extraction) off the
// server's event loop, for GET /file_contents (file-pool.ts), one job at a time; each answer, or why not, posted back.
import { parentPort, workerData } from 'node:worker_threads'
import { type FilePlace, FileTooLarge } from '../../domain/scanning/file-contents.ts'
import { NpmPackageFiles } from '../../sources/npm/package-file.ts'
import { RegistryClient } from '../../sources/npm/registry-client.ts'
import type { FileReply, FileThreadSetup } from './file-pool.ts'
import { toWire } from './protocol.ts'

const port = parentPort
if (!port) throw new Error('file-thread.ts runs as a worker thread (src/jobs/thread/file-pool.ts)')
const setup = workerData as FileThreadSetup
// one client for the thread's life: its npm configuration and packument cache are read once
const files = new NpmPackageFiles(new RegistryClient(setup.npm, setup.limits), setup.maxUnpackedBytes)
const never = new AbortController().signal // the server ends the thread when it gives up

port.on('message', (job: { place: FilePlace; maxBytes: number }) => {
  const post = (reply: FileReply) => port.postMessage(reply)
  files.read(job.place, job.maxBytes, never).then(
    (bytes) => post({ ok: true, bytes }),
    (err: Error) =>
      post(
        err instanceof FileTooLarge
          ? { ok: false, tooLarge: { size: err.size, limit: err.limit } }
          : { ok: false, error: toWire(err) },
      ),
  )
})
