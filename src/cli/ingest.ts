// `compintel ingest <source> …`: dispatches to the source's own command module (each loads only what it needs); a
// feed of the table (sources/index.ts) is loaded by its FeedSource.
import type { Config } from '../config/config.ts'
import { INGEST_USAGE } from './ingest-usage.ts'

export async function runIngestCommand(config: Config, argv: string[]): Promise<number> {
  const [source, ...rest] = argv
  switch (source) {
    case 'npm':
      return (await import('./ingest-npm.ts')).runIngestNpm(config, rest)
    case 'debian':
      return (await import('./ingest-debian.ts')).runIngestDebian(config, rest)
    case 'commit-timezones':
    case 'git':
    case 'github-users':
      return (await import('./ingest-geo.ts')).runIngestGeo(config, source, rest)
    default: {
      const feed = (await import('../sources/index.ts')).FEED_SOURCES.find((f) => f.kind === source)
      if (!feed) throw new Error(`usage: ${INGEST_USAGE}`)
      return (await import('./ingest-data.ts')).runIngestData(config, feed, rest)
    }
  }
}
