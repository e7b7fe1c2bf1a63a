// `compintel worker`: consumes the ingestion queue that `compintel ingest npm … --enqueue` and on-demand requests fill
// (PostgreSQL only), on-demand units first; any number of these processes, on any number of machines, share one
// queue (docs/ingestion-at-scale.md, docs/kb-growth.md).
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import pino from 'pino'
import { createRuntime } from '../app/runtime.ts'
import type { Config } from '../config/config.ts'
import type { QueueStatus } from '../domain/kb/ingest-queue.ts'
import { onDemandLimits } from '../jobs/on-demand-worker.ts'
import { unitRunners } from '../jobs/unit-runner.ts'
import { IngestWorker } from '../jobs/worker.ts'
import { SqlIngestQueue } from '../storage/ingest-queue.ts'
import { pruneChanges } from '../storage/kb-changes.ts'
import { refreshPopularityExclusive } from '../storage/popularity.ts'
import { exitAfter } from './process-guard.ts'
import { NEEDS_POSTGRES, WORKER_USAGE } from './worker-usage.ts'

/** While busy, popularity is recomputed at most this often (and whenever the worker runs out of work). */
const REFRESH_EVERY_MS = 10 * 60_000

export async function runWorker(config: Config, argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      concurrency: { type: 'string' },
      'until-empty': { type: 'boolean', default: false },
      status: { type: 'boolean', default: false },
    },
  })
  if (config.database.kind !== 'postgres') {
    console.error(`compintel worker: ${NEEDS_POSTGRES}`)
    return 2
  }
  const concurrency = values.concurrency === undefined ? config.workerConcurrency : Number(values.concurrency)
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new Error(`--concurrency: expected 1 to 64\nusage: ${WORKER_USAGE}`)
  const leaseSeconds = config.workerLeaseSeconds
  const owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  const log = pino({ level: config.logLevel, base: { owner } })
  const runtime = await createRuntime(config, {
    open: {
      poolSize: concurrency + 3, // the units' writes, plus claims, lease renewals and the popularity refresh
      onPoolError: (err) => log.warn({ err: err.message }, 'idle database connection failed'),
    },
    // every worker that serves the queue runs the update schedule; one of them runs each due update
    schedule: !values.status && !values['until-empty'],
    log,
  })
  const { storage } = runtime
  let released = 0
  let exit: { cleanly(): void } | undefined
  try {
    const queue = new SqlIngestQueue(storage.db, storage.dialect, {
      owner,
      leaseSeconds,
      onDemandKeepSeconds: config.growth.onDemandNegativeTtlSeconds,
    })
    if (values.status) {
      console.log(formatStatus(await queue.status()))
      return 0
    }
    const worker = new IngestWorker(
      {
        queue,
        runners: unitRunners(storage, config.growth),
        refresh: async () => {
          await refreshPopularityExclusive(storage.db, storage.dialect)
          await pruneChanges(storage.db) // the KB change log the API nodes follow (docs/caching.md)
        },
        log,
      },
      {
        concurrency,
        leaseSeconds,
        pollMs: Math.min(1000, leaseSeconds * 250),
        untilEmpty: values['until-empty'],
        refreshEveryMs: REFRESH_EVERY_MS,
        shutdownTimeoutMs: config.shutdownTimeoutMs,
        onDemandLimits: onDemandLimits(config),
      },
    )
    const onSignal = (signal: string) => {
      log.info({ signal }, 'stopping: no new units; the units in hand are aborted and given back')
      exit ??= exitAfter(config.shutdownTimeoutMs)
      worker.stop()
    }
    process.on('SIGTERM', onSignal)
    process.on('SIGINT', onSignal)
    log.info({ concurrency, leaseSeconds, untilEmpty: values['until-empty'] }, 'worker started')
    try {
      released = (await worker.run()).released
    } finally {
      await runtime.schedule?.stop()
      process.off('SIGTERM', onSignal)
      process.off('SIGINT', onSignal)
    }
    return 0
  } finally {
    // Units given back were aborted; what they left running (a download) is not waited for.
    if (released > 0) {
      await Promise.race([runtime.close(), sleep(1000)])
      process.exit(0)
    }
    await runtime.close()
    exit?.cleanly()
  }
}

export function formatStatus(s: QueueStatus): string {
  const c = s.counts
  const lines = [
    `queue: ${c.pending} pending (${s.ready} ready now), ${c.active} active, ${c.done} done, ${c.failed} failed`,
  ]
  for (const o of s.owners) lines.push(`  ${o.owner}: ${o.units} unit(s), lease until ${o.leaseUntil}`)
  if (s.failed.length > 0) lines.push('failed, most recent first:')
  for (const f of s.failed) lines.push(`  ${f.name} (${f.attempts} attempt(s), ${f.at}): ${f.error ?? ''}`)
  return lines.join('\n')
}
