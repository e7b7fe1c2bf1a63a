// The KB change log's vocabulary, shared by the writers that append to it (storage/) and the answer cache that
// follows it (cache/): what a change names (a component tag, or any component) and how the log is read.
import { tryParsePurl } from '../shared/purl.ts'

/** The tag of a change that may touch any component (advisories, EPSS, CPEs, geoprovenance, a seed load). */
export const ANY_COMPONENT = '*'

/**
 * The identity of a component as both the cache (from a request's purl) and the KB writers (from a component row's
 * purl) spell it. Case-folded and without version, qualifiers or subpath, so two spellings of one component share a
 * tag; a tag shared by two components only makes an invalidation wider, never misses one.
 */
export function componentTag(purl: string): string | undefined {
  const p = tryParsePurl(purl)
  if (!p) return undefined
  return `pkg:${p.type}/${p.namespace ? `${p.namespace}/` : ''}${p.name}`.toLowerCase()
}

export interface ChangeRow {
  id: number
  tag: string
}

/** The KB change log, read forward by id (src/storage/kb-changes.ts). */
export interface ChangeFeed {
  /** Rows with an id above `after`, oldest first, at most `limit`. */
  since(after: number, limit: number): Promise<ChangeRow[]>
  /** Those of these ids that exist now (ids a slower transaction took and has since committed). */
  byIds(ids: readonly number[]): Promise<ChangeRow[]>
  /** The highest id, 0 for an empty log. */
  latest(): Promise<number>
}
