// KEV as a feed (sources/source.ts): CISA's catalogue of known exploited vulnerabilities, one JSON document.
import { type FeedSource, oneFile } from '../source.ts'
import { ingestKev } from './kev.ts'

export const kevFeed: FeedSource = {
  kind: 'kev',
  inputs: '<known_exploited_vulnerabilities.json[.gz]>',
  manyFiles: false,
  load: (files, w, o) => ingestKev(oneFile(files), w, o),
}
