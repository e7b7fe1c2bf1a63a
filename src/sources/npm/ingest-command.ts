// `compintel ingest npm <name…>` (sources/source.ts IngestCommand): packages from the npm registry of the user's npm
// configuration into the KB, or with --enqueue into the ingestion queue that `compintel worker` processes take.
import { type IngestArgs, type IngestCommand, IngestUsageError } from '../source.ts'
import { RegistryClient } from './registry-client.ts'
import { formatSummary, runIngest } from './run-ingest.ts'
import { parseSelection, type Selection } from './select-versions.ts'

interface NpmIngestOptions {
  versions: Selection
  analyze: Selection
  concurrency: number
  dryRun: boolean
  withDependencies: boolean
}

/** The command's own options, checked before any work. */
function read(values: IngestArgs['values']): NpmIngestOptions {
  const concurrency = Number(values.concurrency)
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new IngestUsageError('--concurrency: expected 1 to 64')
  return {
    versions: parseSelection(String(values.versions), false),
    analyze: parseSelection(String(values.analyze), true),
    concurrency,
    dryRun: values['dry-run'] === true,
    withDependencies: values['with-dependencies'] === true,
  }
}

export const npmIngest: IngestCommand = {
  usage: `<name…> [--from-file F] [--versions all|latest|N] [--analyze none|latest|all|N]
                          [--concurrency N] [--with-dependencies] [--skip-analyzer NAME]… [--dry-run | --enqueue]`,
  options: {
    versions: { type: 'string', default: 'all' },
    analyze: { type: 'string', default: 'latest' },
    concurrency: { type: 'string', default: '4' },
    'dry-run': { type: 'boolean', default: false },
    'with-dependencies': { type: 'boolean', default: false },
  },
  async run({ names, values }, deps) {
    const o = read(values)
    if (names.length === 0) throw new IngestUsageError('no package names given')
    const summary = await runIngest(names, new RegistryClient({}, deps.growth.npm), deps.writer, {
      ...o,
      analyzers: deps.analyzers,
      now: deps.now,
      shouldStop: deps.shouldStop,
    })
    return {
      summary: formatSummary(summary, o.dryRun),
      changed: !o.dryRun && summary.changedPackages > 0,
      failed: summary.failed.length > 0,
    }
  },
  queued(values) {
    const o = read(values)
    if (o.dryRun) return '--dry-run cannot be queued'
    return {
      versions: String(o.versions),
      analyze: String(o.analyze),
      withDependencies: o.withDependencies,
    }
  },
}
