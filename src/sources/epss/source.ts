// EPSS as a feed (sources/source.ts): one CSV of exploit prediction scores per CVE.
import { type FeedSource, oneFile } from '../source.ts'
import { ingestEpss } from './epss.ts'

export const epssFeed: FeedSource = {
  kind: 'epss',
  inputs: '<epss_scores.csv[.gz]>',
  manyFiles: false,
  load: (files, w, o) => ingestEpss(oneFile(files), w, o),
}
