// The sources, one line each: everything that works per source (on-demand/service.ts, jobs/unit-runner.ts,
// update/run-update.ts, cli/ingest.ts) reads these lists, never a source's name. Adding an ecosystem: its folder, with
// a source.ts declaring it, and one line here (docs/architecture.md "Adding an ecosystem").
import { cargoSource } from './cargo/source.ts'
import { debianSource } from './debian/source.ts'
import { epssFeed } from './epss/source.ts'
import { golangSource } from './golang/source.ts'
import { kevFeed } from './kev/source.ts'
import { mavenSource } from './maven/source.ts'
import { npmSource } from './npm/source.ts'
import { osvFeed } from './osv/source.ts'
import { purl2cpeFeed } from './purl2cpe/source.ts'
import { pypiSource } from './pypi/source.ts'
import type { FeedSource, PackageSource } from './source.ts'

/** The registries and archives of packages (the ingestion queue's sources), each learned on demand. */
export const PACKAGE_SOURCES: readonly PackageSource[] = [
  npmSource,
  debianSource,
  pypiSource,
  cargoSource,
  golangSource,
  mavenSource,
]

/** The data feeds, in the order `compintel update` reads them. */
export const FEED_SOURCES: readonly FeedSource[] = [osvFeed, epssFeed, kevFeed, purl2cpeFeed]
