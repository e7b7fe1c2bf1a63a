// `compintel ingest <source> …`: a package source of the table (sources/index.ts) runs its own ingest command
// (ingest-packages.ts), a feed is loaded by its FeedSource (ingest-data.ts); the geoprovenance inputs have theirs.
import type { Config } from '../config/config.ts'
import { ingestUsage } from './ingest-usage.ts'

export async function runIngestCommand(config: Config, argv: string[]): Promise<number> {
  const [source, ...rest] = argv
  if (source === 'commit-timezones' || source === 'git' || source === 'github-users')
    return (await import('./ingest-geo.ts')).runIngestGeo(config, source, rest)
  const { FEED_SOURCES, PACKAGE_SOURCES } = await import('../sources/index.ts')
  const usage = `usage: ${ingestUsage(PACKAGE_SOURCES, FEED_SOURCES)}`
  if (source === 'help' || source === '--help') {
    console.log(usage)
    return 0
  }
  const packages = PACKAGE_SOURCES.find((s) => s.source === source)
  if (packages) return (await import('./ingest-packages.ts')).runIngestPackages(config, packages, rest, usage)
  const feed = FEED_SOURCES.find((f) => f.kind === source)
  if (!feed) throw new Error(source ? `no source "${source}"\n${usage}` : usage)
  return (await import('./ingest-data.ts')).runIngestData(config, feed, rest, usage)
}
