// Component search parameters (docs/api-behaviour.md "Component search"): what is searched and how many hits come back.
import type { SearchQuery } from './types.ts'

export const SEARCH_LIMIT = 50
export const MAX_TERM_LENGTH = 256

export interface SearchParams {
  search?: string | undefined
  vendor?: string | undefined
  component?: string | undefined
  package?: string | undefined
  limit?: number | undefined
  offset?: number | undefined
}

/**
 * The query for a search, or undefined when nothing to search for was given. `search` is free text; `component`
 * (with or without `vendor`) is the targeted form; `vendor` alone lists a namespace. `package` filters by purl
 * type (`all` or empty: every type). `limit` is 1–50, default 50 (values outside are 50, as the reference does).
 */
export function searchQuery(p: SearchParams): SearchQuery | undefined {
  const term = clean(p.search) ?? clean(p.component)
  const vendor = clean(p.vendor)
  if (term === undefined && vendor === undefined) return undefined
  const type = clean(p.package)
  const limit = p.limit !== undefined && p.limit >= 1 && p.limit <= SEARCH_LIMIT ? p.limit : SEARCH_LIMIT
  return {
    ...(term !== undefined ? { term, spellings: spellings(term) } : {}),
    ...(vendor !== undefined ? { vendor } : {}),
    ...(type !== undefined && type !== 'all' ? { type } : {}),
    limit,
    offset: Math.max(0, p.offset ?? 0),
  }
}

/** Characters that join the words of a package name. */
const SEPARATORS = ['-', '_', '.', '/'] as const

/**
 * The term, then its words joined by each separator: `crypto js`, `crypto_js` and `crypto-js` all find `crypto-js`
 * (and `crypto.js`, `crypto_js`, …). A one-word term is searched as it is.
 */
export function spellings(term: string): string[] {
  const words = term.split(/[\s\-_./]+/).filter((w) => w !== '')
  if (words.length < 2) return [term]
  return [...new Set([term, ...SEPARATORS.map((s) => words.join(s))])]
}

function clean(s: string | undefined): string | undefined {
  const t = s?.trim().toLowerCase().slice(0, MAX_TERM_LENGTH)
  return t ? t : undefined
}
