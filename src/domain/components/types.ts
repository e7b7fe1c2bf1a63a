// Ports of the components area: search over the catalog and analyzer outputs of versions.

export interface SearchQuery {
  /** Lower-cased free text, matched against the package name (exact, then prefix, then substring). */
  term?: string
  /**
   * Every spelling of `term` that is searched: the term itself and, for a term of several words, the words joined by
   * each separator names use (`crypto js` → `crypto-js`, `crypto_js`, `crypto.js`, `crypto/js`).
   */
  spellings?: string[]
  /** Lower-cased namespace (npm scope without or with `@`, GitHub owner), exact or prefix. */
  vendor?: string
  /** Purl type filter; undefined for every type. */
  type?: string
  limit: number
  offset: number
}

export interface SearchHit {
  purl: string
  type: string
  namespace: string
  name: string
  purlName: string
  projectUrl: string
}

export interface ComponentSearcher {
  /** Ranked hits: exact name, then prefix, then substring; ties by popularity, then name. Index-backed. */
  search(q: SearchQuery): Promise<SearchHit[]>
}

export interface AnalysisReader {
  /** The output of one analyzer for these versions (one query); versions it never analyzed are absent. */
  outputs(versionIds: readonly number[], analyzer: string): Promise<Map<number, unknown>>
}
