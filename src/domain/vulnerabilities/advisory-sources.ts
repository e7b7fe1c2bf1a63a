// The same advisory id from several sources (PyPA's database and OSV's PyPI export both carry PYSEC-…): the KB keeps
// one record per id, the newest by `modified`, and names every source that published it, so no source's report
// overwrites another's attribution. This decides what one incoming record does to the stored one.
import { isLater } from './osv-dates.ts'

export interface StoredAdvisory {
  hash: string
  modified: string
  /** The source whose record is stored. */
  source: string
  /** The other sources that published the id. */
  otherSources: string[]
}

export type AdvisoryWritePlan =
  /** Nothing to write. */
  | { kind: 'unchanged' }
  /** The stored record is newer: nothing to write (reported as older). */
  | { kind: 'older' }
  /** Store the incoming record (replacing any stored one), naming these other sources. */
  | { kind: 'put'; otherSources: string[] }
  /** Keep the stored record; name one more source. */
  | { kind: 'attribute'; otherSources: string[] }

/**
 * `hashAs(source)`: the digest of the incoming record as if `source` had published it, to recognise the same
 * content from another source.
 */
export function planAdvisoryWrite(
  incoming: { source: string; modified: string },
  hashAs: (source: string) => string,
  stored: StoredAdvisory | undefined,
): AdvisoryWritePlan {
  if (!stored) return { kind: 'put', otherSources: [] }
  const { source, otherSources } = stored
  if (source === incoming.source) {
    if (stored.hash === hashAs(source)) return { kind: 'unchanged' }
    return isLater(stored.modified, incoming.modified) ? { kind: 'older' } : { kind: 'put', otherSources }
  }
  if (isLater(incoming.modified, stored.modified))
    return { kind: 'put', otherSources: names([...otherSources.filter((s) => s !== incoming.source), source]) }
  if (!otherSources.includes(incoming.source))
    return { kind: 'attribute', otherSources: names([...otherSources, incoming.source]) }
  return stored.hash === hashAs(source) ? { kind: 'unchanged' } : { kind: 'older' }
}

function names(list: string[]): string[] {
  return [...new Set(list)].sort()
}
