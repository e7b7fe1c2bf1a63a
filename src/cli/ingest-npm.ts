// `compintel ingest npm <name…>`: packages from the npm registry (the user's npm configuration) into the KB, or with
// --enqueue into the ingestion queue that `compintel worker` processes consume (PostgreSQL).

import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Config } from '../config/config.ts'
import type { UnitOptions } from '../domain/kb/ingest-queue.ts'
import { DEFAULT_ANALYZERS } from '../ingest/analyzers/index.ts'
import { RegistryClient } from '../sources/npm/registry-client.ts'
import { formatSummary, runIngest } from '../sources/npm/run-ingest.ts'
import { parseSelection } from '../sources/npm/select-versions.ts'
import { openStorage } from '../storage/database.ts'
import { SqlIngestQueue } from '../storage/ingest-queue.ts'
import { SqlKbWriter } from '../storage/kb-writer.ts'
import { migrate } from '../storage/migrate.ts'
import { refreshPopularity } from '../storage/popularity.ts'
import { INGEST_USAGE } from './ingest-usage.ts'
import { NEEDS_POSTGRES } from './worker-usage.ts'

export async function runIngestNpm(config: Config, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'from-file': { type: 'string' },
      versions: { type: 'string', default: 'all' },
      analyze: { type: 'string', default: 'latest' },
      concurrency: { type: 'string', default: '4' },
      'dry-run': { type: 'boolean', default: false },
      'with-dependencies': { type: 'boolean', default: false },
      enqueue: { type: 'boolean', default: false },
      'skip-analyzer': { type: 'string', multiple: true, default: [] },
    },
  })
  const skipped = new Set(values['skip-analyzer'])
  const unknown = [...skipped].filter((n) => !DEFAULT_ANALYZERS.some((a) => a.name === n))
  if (unknown.length > 0)
    throw new Error(
      `--skip-analyzer: no analyzer ${unknown.join(', ')} (${DEFAULT_ANALYZERS.map((a) => a.name).join(', ')})`,
    )
  // the seed build leaves snippets to scripts/add-snippets-to-seed.ts, which keeps them within the seed's budget
  const analyzers = DEFAULT_ANALYZERS.filter((a) => !skipped.has(a.name))
  const names = [...positionals, ...(values['from-file'] ? namesFromFile(values['from-file']) : [])]
  if (names.length === 0) throw new Error(`no package names given\nusage: ${INGEST_USAGE}`)
  const concurrency = Number(values.concurrency)
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new Error('--concurrency: expected 1 to 64')
  const versions = parseSelection(values.versions, false)
  const analyze = parseSelection(values.analyze, true)
  if (values.enqueue) {
    if (values['dry-run'] || skipped.size > 0) {
      console.error(
        `compintel ingest npm --enqueue: ${values['dry-run'] ? '--dry-run' : '--skip-analyzer'} cannot be queued`,
      )
      return 2
    }
    const options = {
      versions: String(versions),
      analyze: String(analyze),
      withDependencies: values['with-dependencies'],
    }
    return enqueue(config, names, options)
  }

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
    const summary = await runIngest(names, new RegistryClient({}, config.growth.npm), new SqlKbWriter(storage), {
      versions,
      analyze,
      analyzers,
      dryRun: values['dry-run'],
      concurrency,
      withDependencies: values['with-dependencies'],
      now: () => new Date().toISOString(),
      shouldStop: () => stop,
    })
    if (!values['dry-run']) await refreshPopularity(storage.db)
    console.log(formatSummary(summary, values['dry-run']))
    return summary.failed.length > 0 ? 1 : 0
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    await storage.close()
  }
}

/** One unit per package in a new run, for `compintel worker` processes to take (PostgreSQL only). */
async function enqueue(config: Config, names: string[], options: UnitOptions): Promise<number> {
  if (config.database.kind !== 'postgres') {
    console.error(`compintel ingest npm --enqueue: ${NEEDS_POSTGRES}`)
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
    const queued = await queue.enqueue(runId, 'npm', names, options)
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
export function namesFromFile(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.split('\t')[0]?.trim() ?? '')
    .filter((l) => l !== '' && !l.startsWith('#'))
}
