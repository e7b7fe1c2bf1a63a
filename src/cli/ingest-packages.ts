// `compintel ingest <package source> …`: the options every package source's command shares (names, --from-file,
// --skip-analyzer, --enqueue), then the source's own (its IngestCommand, sources/source.ts), run over the KB's writers
// with Ctrl-C finishing the packages in progress; with --enqueue, one unit per name for `compintel worker`
// processes (PostgreSQL).
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Config } from '../config/config.ts'
import type { UnitOptions } from '../domain/kb/ingest-queue.ts'
import { DEFAULT_ANALYZERS } from '../ingest/analyzers/index.ts'
import { type IngestArgs, IngestUsageError, type PackageSource } from '../sources/source.ts'
import { SqlAdvisoryWriter } from '../storage/advisory-writer.ts'
import { openStorage } from '../storage/database.ts'
import { SqlOriginWriter } from '../storage/geo-store.ts'
import { SqlIngestQueue } from '../storage/ingest-queue.ts'
import { SqlKbWriter } from '../storage/kb-writer.ts'
import { migrate } from '../storage/migrate.ts'
import { refreshPopularity } from '../storage/popularity.ts'
import { NEEDS_POSTGRES } from './worker-usage.ts'

export async function runIngestPackages(
  config: Config,
  source: PackageSource,
  argv: string[],
  usage: string,
): Promise<number> {
  const command = `compintel ingest ${source.source}`
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ...source.ingest.options,
      'from-file': { type: 'string' },
      'skip-analyzer': { type: 'string', multiple: true, default: [] },
      enqueue: { type: 'boolean', default: false },
    },
  })
  const skipped = new Set(values['skip-analyzer'] as string[])
  const unknown = [...skipped].filter((n) => !DEFAULT_ANALYZERS.some((a) => a.name === n))
  if (unknown.length > 0)
    throw new Error(
      `--skip-analyzer: no analyzer ${unknown.join(', ')} (${DEFAULT_ANALYZERS.map((a) => a.name).join(', ')})`,
    )
  const fromFile = values['from-file']
  const args: IngestArgs = {
    names: [...positionals, ...(typeof fromFile === 'string' ? namesFromFile(fromFile) : [])],
    values,
  }
  try {
    if (values.enqueue) {
      const queued = source.ingest.queued?.(values) ?? '--enqueue: this source is not queued from the command line'
      const refused = typeof queued === 'string' ? queued : skipped.size > 0 ? '--skip-analyzer cannot be queued' : ''
      if (refused || typeof queued === 'string') {
        console.error(`${command} --enqueue: ${refused}`)
        return 2
      }
      if (args.names.length === 0) throw new IngestUsageError('no package names given')
      return await enqueue(config, source.source, args.names, queued)
    }
    return await run(
      config,
      source,
      args,
      DEFAULT_ANALYZERS.filter((a) => !skipped.has(a.name)),
    )
  } catch (err) {
    if (err instanceof IngestUsageError) throw new Error(`${err.message}\n${usage}`)
    throw err
  }
}

async function run(config: Config, source: PackageSource, args: IngestArgs, analyzers: typeof DEFAULT_ANALYZERS) {
  const storage = openStorage(config.database)
  let stop = false
  const onSignal = () => {
    if (stop) process.exit(130)
    stop = true
    process.stderr.write('\nstopping after the packages in progress (Ctrl-C again to quit now)\n')
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  try {
    await migrate(storage)
    const done = await source.ingest.run(args, {
      growth: config.growth,
      writer: new SqlKbWriter(storage),
      advisories: new SqlAdvisoryWriter(storage),
      origins: new SqlOriginWriter(storage.db),
      analyzers,
      now: () => new Date().toISOString(),
      shouldStop: () => stop,
      log: (line) => console.error(line),
    })
    if (done.changed) await refreshPopularity(storage.db)
    console.log(done.summary)
    return done.failed ? 1 : 0
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    await storage.close()
  }
}

/** One unit per package in a new run, for `compintel worker` processes to take (PostgreSQL only). */
async function enqueue(config: Config, source: string, names: string[], options: UnitOptions): Promise<number> {
  if (config.database.kind !== 'postgres') {
    console.error(`compintel ingest ${source} --enqueue: ${NEEDS_POSTGRES}`)
    return 2
  }
  const storage = openStorage(config.database)
  try {
    await migrate(storage)
    const runId = randomUUID()
    const queue = new SqlIngestQueue(storage.db, storage.dialect, {
      owner: `enqueue:${runId}`,
      leaseSeconds: config.workerLeaseSeconds,
    })
    const queued = await queue.enqueue(runId, source, names, options)
    const skipped = new Set(names).size - queued
    console.log(
      `queued ${queued} unit(s) in run ${runId}${skipped > 0 ? `; ${skipped} already pending or in progress` : ''}`,
    )
    console.log('start workers with: compintel worker')
    return 0
  } finally {
    await storage.close()
  }
}

/** One name per line; `#` comments and anything after a tab (as in npm-popular.tsv) are ignored. */
function namesFromFile(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.split('\t')[0]?.trim() ?? '')
    .filter((l) => l !== '' && !l.startsWith('#'))
}
