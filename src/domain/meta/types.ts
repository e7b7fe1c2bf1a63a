// The KB metadata record reported as status.db (spec Versioning 3).
export interface KbMeta {
  /** Version of the KB schema the data set was loaded into. */
  schemaVersion: string
  /** When the loaded data set was created (ISO 8601). */
  createdAt: string
  /** Name of the data set release, '' for a KB built locally. */
  release: string
}

export interface KbMetaStore {
  get(): Promise<KbMeta | undefined>
}
