// `compintel update` (refresh now: registry metadata and data feeds) and `compintel status` (the queue, on-demand work
// included, and each source's freshness). docs/kb-growth.md.
import { parseArgs } from 'node:util'
import pino from 'pino'
import type { Config } from '../config/config.ts'
import { openStorage } from '../storage/database.ts'
import { type FeedRow, SqlFeedStore } from '../storage/feed-store.ts'
import { SqlIngestQueue } from '../storage/ingest-queue.ts'
import { SqlKbMetaStore } from '../storage/kb-meta-store.ts'
import { migrate } from '../storage/migrate.ts'
import { openForReading } from '../storage/open-reading.ts'
import { runUpdate } from '../update/run-update.ts'
import { UPDATE_USAGE } from './update-usage.ts'
import { formatStatus } from './worker.ts'

export async function runUpdateCommand(config: Config, argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'metadata-only': { type: 'boolean', default: false },
      'feeds-only': { type: 'boolean', default: false },
    },
  })
  if (values['metadata-only'] && values['feeds-only'])
    throw new Error(`--metadata-only and --feeds-only exclude each other\nusage: compintel ${UPDATE_USAGE}`)
  const storage = openStorage(config.database)
  try {
    await migrate(storage)
    const report = await runUpdate(
      {
        storage,
        registry: {},
        growth: config.growth,
        log: pino({ level: config.logLevel }),
      },
      { metadata: !values['feeds-only'], feeds: !values['metadata-only'] },
    )
    const m = report.metadata
    console.log(
      `registry metadata: ${m.checked} package(s) checked, ${m.changed} changed, ${m.notFound} not found, ${m.failed} failed`,
    )
    for (const source of report.notConfigured) console.log(`registry metadata of ${source}: not configured`)
    for (const f of report.feeds)
      console.log(
        `feed ${f.name}: ${f.result}${f.records === undefined ? '' : ` (${f.records} records)`}${f.error ? `: ${f.error}` : ''}`,
      )
    return report.feeds.some((f) => f.result === 'failed') || m.failed > 0 ? 1 : 0
  } finally {
    await storage.close()
  }
}

export async function runStatus(config: Config): Promise<number> {
  const storage = await openForReading(config.database)
  try {
    const queue = new SqlIngestQueue(storage.db, storage.dialect, { owner: 'status', leaseSeconds: 1 })
    const [status, feeds, sources] = await Promise.all([
      queue.status(),
      new SqlFeedStore(storage.db).list(),
      new SqlKbMetaStore(storage).sources(['advisories', 'epss', 'kev', 'cpe']),
    ])
    const od = status.onDemand
    console.log(formatStatus(status))
    console.log(
      `on-demand: ${od.pending} pending, ${od.active} in flight, ${od.done} done, ${od.failed} failed (kept for ON_DEMAND_NEGATIVE_TTL)`,
    )
    console.log('sources:')
    for (const f of feeds) console.log(`  ${formatFeed(f)}`)
    for (const s of sources)
      console.log(
        `  ${s.name} (${s.kind}): ${s.records} records as of ${s.asOf ?? 'unknown'}, imported ${s.importedAt}`,
      )
    return 0
  } finally {
    await storage.close()
  }
}

function formatFeed(f: FeedRow): string {
  const name = f.name === 'update' ? 'update schedule' : f.name
  const parts = [`last checked ${f.checked_at ?? 'never'}`]
  if (f.changed_at) parts.push(`last changed ${f.changed_at}`)
  if (f.failed_at) parts.push(`last failed ${f.failed_at}: ${f.last_error ?? ''}`)
  return `${name}: ${parts.join(', ')}`
}
