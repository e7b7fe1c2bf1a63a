// purl2cpe as a feed (sources/source.ts): one NDJSON mapping package URLs to CPE products.
import { type FeedSource, oneFile } from '../source.ts'
import { ingestPurl2Cpe } from './purl2cpe.ts'

export const purl2cpeFeed: FeedSource = {
  kind: 'purl2cpe',
  inputs: '<purl2cpe.ndjson[.gz]>',
  manyFiles: false,
  load: (files, w, o) => ingestPurl2Cpe(oneFile(files), w, o),
}
