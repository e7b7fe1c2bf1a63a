// OSV as a feed (sources/source.ts): advisories from OSV's exports (`<ecosystem>/all.zip`, NDJSON, JSON, folders).
import type { FeedSource } from '../source.ts'
import { ingestOsv } from './ingest-osv.ts'

export const osvFeed: FeedSource = {
  kind: 'osv',
  inputs: '<file.ndjson[.gz] | file.json | directory | file.zip>…',
  manyFiles: true,
  load: ingestOsv,
}
