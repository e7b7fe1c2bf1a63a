// The KB metadata record reported as status.db (docs/api-behaviour.md "Status envelope"), and the loaded data sources'
// dates.
export interface KbMeta {
  /** Version of the KB schema the data set was loaded into. */
  schemaVersion: string
  /** When the loaded data set was created (ISO 8601). */
  createdAt: string
  /** Name of the data set release, '' for a KB built locally. */
  release: string
  /** Random, per KB (never shown in answers): tells one database from another that took its place. */
  instanceId: string
}

export type DataSourceKind = 'advisories' | 'epss' | 'cpe' | 'kev'

/** A loaded data source (the data_sources table): what it is and how fresh. */
export interface LoadedSource {
  name: string
  kind: DataSourceKind
  /** The source's own date (newest record, score date, snapshot), null when it gives none. */
  asOf: string | null
  /** When it was loaded into this KB. */
  importedAt: string
  /** When `compintel update` last found its feed current (downloaded, or answered 304); null if it never did. */
  checkedAt: string | null
  records: number
}

export interface KbMetaStore {
  get(): Promise<KbMeta | undefined>
  /** The loaded sources of these kinds, by name, in one query. */
  sources(kinds: readonly DataSourceKind[]): Promise<LoadedSource[]>
}
