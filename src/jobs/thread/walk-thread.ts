// A walk thread: one tar stream a command writes (a .deb's data archive, a decompressed source tarball) walked by
// the named analyzers off the server's event loop, the result posted back, and the thread ended. The server's own
// worker walks Debian packages this way (walk-pool.ts); the files, hashes and outputs are plain data.
import { parentPort, workerData } from 'node:worker_threads'
import { DEFAULT_ANALYZERS } from '../../ingest/analyzers/index.ts'
import { walkCommand } from '../../sources/debian/deb-file.ts'
import { toWire } from './protocol.ts'

const port = parentPort
if (!port) throw new Error('walk-thread.ts runs as a worker thread (src/jobs/thread/walk-pool.ts)')
const { command, args, analyzers } = workerData as { command: string; args: string[]; analyzers: string[] }
walkCommand(
  command,
  args,
  DEFAULT_ANALYZERS.filter((a) => analyzers.includes(a.name)),
).then(
  (walked) => port.postMessage({ ok: true, walked }),
  (err: Error) => port.postMessage({ ok: false, error: toWire(err) }),
)
