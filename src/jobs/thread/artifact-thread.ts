// An artifact thread: one job at a time (protocol.ts), the answer or why not posted back. What a job needs is loaded
// by its first job of that kind (a file read starts no analyzer, a Debian walk no registry client); npm jobs go
// through one registry client for the thread's life (its npm configuration and packument cache read once). A
// command job's `abort` kills and reaps its command (no defunct process) before the job answers. The thread holds no
// database connection: the pool may terminate it at any point without harm.
import { parentPort, workerData } from 'node:worker_threads'
import type { RegistryLimits } from '../../config/growth.ts'
import type { RegistryClient } from '../../sources/npm/registry-client.ts'
import { type ArtifactJob, type ArtifactReply, type ToThread, toWire } from './protocol.ts'

const port = parentPort
if (!port) throw new Error('artifact-thread.ts runs as a worker thread (src/jobs/thread/pool.ts)')
const setup = workerData as { npm: Record<string, unknown>; limits?: RegistryLimits }
let client: Promise<RegistryClient> | undefined
const registry = () => {
  client ??= import('../../sources/npm/registry-client.ts').then((m) => new m.RegistryClient(setup.npm, setup.limits))
  return client
}
const named = async (names: string[]) =>
  (await import('../../ingest/analyzers/index.ts')).DEFAULT_ANALYZERS.filter((a) => names.includes(a.name))
let stop = new AbortController()

async function run(job: ArtifactJob): Promise<unknown> {
  if (job.kind === 'command') {
    const { walkCommand } = await import('../../sources/debian/deb-file.ts')
    return walkCommand(job.command, job.args, await named(job.analyzers), stop.signal)
  }
  if (job.kind === 'archive') {
    const { walkArchiveHere } = await import('../../ingest/archive-walk.ts')
    return walkArchiveHere(job.walk, await named(job.analyzers), stop.signal)
  }
  const npm = await registry()
  if (job.kind === 'packument') {
    const { mapped } = await import('../../sources/npm/ingest-package.ts')
    return mapped(job.name, await npm.packument(job.name), job.asOf)
  }
  if (job.kind === 'tarball') {
    const { walkTarball } = await import('../../ingest/tarball-walk.ts')
    const [analyzers, walk] = [await named(job.analyzers), job.maxUnpackedBytes ?? undefined]
    return npm.withTarball(job.ref, (s) =>
      walkTarball(s, analyzers, walk === undefined ? {} : { maxUnpackedBytes: walk }),
    )
  }
  const { NpmPackageFiles } = await import('../../sources/npm/package-file.ts')
  return new NpmPackageFiles(npm, job.maxUnpackedBytes).read(job.place, job.maxBytes, stop.signal)
}

port.on('message', (m: ToThread) => {
  if (m.kind === 'abort') return stop.abort(new Error('the job was aborted'))
  stop = new AbortController()
  const post = (reply: ArtifactReply) => port.postMessage(reply)
  run(m.job).then(
    (value) => post({ ok: true, value }),
    (err) => post({ ok: false, error: toWire(err) }),
  )
})
