// The KB tables a seed export holds, each with its columns, the key it is sorted by (diffable, reproducible) and how
// it is split into shards (a rebuild rewrites only the shards whose rows changed).

/**
 * How a table is split: by package (every row of one package, as components.purl names it, lands in the same shard
 * of each table: the row's own purl, its component's or its version's), by a hash of some key columns, or by
 * ranges of a numeric column (ids grow, so new rows land in the last shards).
 */
type SeedSplit =
  | { by: 'package'; shards: number }
  | { by: 'key'; columns: string[]; shards: number }
  | { by: 'range'; column: string; size: number }

export interface SeedTable {
  name:
    | 'components'
    | 'versions'
    | 'version_licenses'
    | 'version_dependencies'
    | 'version_files'
    | 'snippet_contents'
    | 'snippet_hashes'
    | 'file_algorithms'
    | 'analyses'
    | 'folder_nodes'
    | 'notice_texts'
    | 'version_notices'
    | 'advisories'
    | 'advisory_packages'
    | 'epss_scores'
    | 'kev_entries'
    | 'cpe_products'
    | 'data_sources'
    | 'origin_repos'
    | 'origin_repo_purls'
    | 'origin_author_offsets'
    | 'geo_accounts'
    | 'geo_repo_accounts'
  key: string[]
  columns: string[]
  /**
   * How the export pages through the table: by ranges of its numeric first key column (the default), or by its
   * (text) key in byte order (`keyset`).
   */
  paging?: 'keyset'
  /** Key columns of integer type in a keyset-paged table (ordered as numbers, not collated as text). */
  integerKeys?: string[]
  /** How the table is split into shards (one shard when not given): seed-layout.ts. */
  split?: SeedSplit
  /** Reals are written with this many significant digits (default: rounded to 3 decimals). */
  significantDigits?: number
}

export const SEED_TABLES: readonly SeedTable[] = [
  {
    name: 'components',
    key: ['id'],
    split: { by: 'package', shards: 4 },
    columns: [
      'id',
      'purl',
      'purl_type',
      'namespace',
      'name',
      'purl_name',
      'description',
      'project_url',
      'homepage_url',
      'repository_url',
      'source_purl',
      'latest_version',
      'status',
      'status_raw',
      'status_change_date',
      'registry_modified',
      'popularity',
      'popularity_source',
      'facts_hash',
      'first_indexed_at',
      'last_indexed_at',
      'source',
      'as_of',
    ],
  },
  {
    name: 'versions',
    key: ['id'],
    split: { by: 'package', shards: 64 },
    columns: [
      'id',
      'component_id',
      'version',
      'sort_key',
      'is_prerelease',
      'released_at',
      'status',
      'status_raw',
      'integrity',
      'unpacked_size',
      'file_count',
      'declared_license',
      'license_expression',
      'facts_hash',
      'indexed_at',
      'source',
      'as_of',
      'features',
      'managed',
    ],
  },
  {
    name: 'version_licenses',
    key: ['version_id', 'kind', 'license_id', 'path'],
    split: { by: 'package', shards: 4 },
    columns: ['version_id', 'kind', 'license_id', 'path', 'score', 'is_spdx', 'source', 'as_of'],
  },
  {
    name: 'version_dependencies',
    key: ['version_id', 'scope', 'name'],
    split: { by: 'package', shards: 16 },
    columns: ['version_id', 'scope', 'name', 'requirement', 'features', 'position'],
  },
  {
    name: 'version_files',
    key: ['version_id', 'path'],
    split: { by: 'package', shards: 128 },
    columns: ['version_id', 'path', 'size', 'md5'],
  },
  // the snippet index (migration 14): each content once, its fingerprints by content and line (docs/scanning.md)
  {
    name: 'snippet_contents',
    key: ['id'],
    split: { by: 'range', column: 'id', size: 2048 },
    columns: ['id', 'md5', 'lines', 'fingerprints'],
  },
  // in the index's own order (its primary key), which also compresses best
  {
    name: 'snippet_hashes',
    key: ['hash', 'content_id', 'line'],
    paging: 'keyset',
    integerKeys: ['hash', 'content_id', 'line'],
    split: { by: 'range', column: 'content_id', size: 256 },
    columns: ['hash', 'content_id', 'line'],
  },
  // the algorithms of each file content (migration 15, docs/cryptography.md "Per file")
  {
    name: 'file_algorithms',
    key: ['md5', 'algorithm'],
    paging: 'keyset',
    split: { by: 'key', columns: ['md5'], shards: 2 },
    columns: ['md5', 'algorithm'],
  },
  {
    name: 'analyses',
    key: ['version_id', 'analyzer'],
    split: { by: 'package', shards: 16 },
    columns: ['version_id', 'analyzer', 'analyzer_version', 'output', 'as_of'],
  },
  // the folder-hash index (its band keys are rebuilt on load): derived from the `folder-hash` analyses, shipped
  // since deriving it again (the installed dir-names hashes walk every file) took longer than the rest of the load
  {
    name: 'folder_nodes',
    key: ['id'],
    split: { by: 'package', shards: 8 },
    columns: ['id', 'version_id', 'path', 'files', 'names', 'content', 'dirs', 'dirs_installed'],
  },
  {
    name: 'notice_texts',
    key: ['md5'],
    paging: 'keyset',
    split: { by: 'key', columns: ['md5'], shards: 16 },
    columns: ['md5', 'text'],
  },
  {
    name: 'version_notices',
    key: ['version_id', 'path'],
    split: { by: 'package', shards: 2 },
    columns: ['version_id', 'path', 'md5'],
  },
  {
    name: 'advisories',
    key: ['id'],
    paging: 'keyset',
    split: { by: 'key', columns: ['id'], shards: 32 },
    columns: [
      'id',
      'source',
      'aliases',
      'summary',
      'details',
      'published',
      'modified',
      'withdrawn',
      'severity',
      'database_severity',
      'cwe_ids',
      'refs',
      'record_hash',
      'as_of',
      'other_sources',
    ],
  },
  {
    name: 'advisory_packages',
    key: ['advisory_id', 'purl_type', 'purl_name', 'ecosystem', 'ranges', 'versions'],
    paging: 'keyset',
    split: { by: 'key', columns: ['advisory_id'], shards: 8 },
    columns: ['advisory_id', 'purl_type', 'purl_name', 'ecosystem', 'ranges', 'versions'],
  },
  {
    name: 'epss_scores',
    key: ['cve'],
    paging: 'keyset',
    significantDigits: 6,
    split: { by: 'key', columns: ['cve'], shards: 16 },
    columns: ['cve', 'probability', 'percentile', 'score_date', 'model_version', 'source', 'as_of'],
  },
  {
    name: 'kev_entries',
    key: ['cve'],
    paging: 'keyset',
    columns: [
      'cve',
      'vendor_project',
      'product',
      'vulnerability_name',
      'date_added',
      'short_description',
      'required_action',
      'due_date',
      'known_ransomware_campaign_use',
      'source',
      'as_of',
    ],
  },
  {
    name: 'cpe_products',
    key: ['purl_type', 'purl_name', 'cpe'],
    paging: 'keyset',
    split: { by: 'key', columns: ['purl_type', 'purl_name'], shards: 8 },
    columns: ['purl_type', 'purl_name', 'cpe', 'versions', 'source', 'as_of'],
  },
  {
    name: 'data_sources',
    key: ['name'],
    paging: 'keyset',
    columns: ['name', 'kind', 'source_date', 'imported_at', 'records'],
  },
  {
    name: 'origin_repos',
    key: ['repo_purl'],
    paging: 'keyset',
    columns: ['repo_purl', 'head', 'head_date', 'authors', 'commits', 'source', 'as_of'],
  },
  { name: 'origin_repo_purls', key: ['purl', 'repo_purl'], paging: 'keyset', columns: ['purl', 'repo_purl'] },
  {
    name: 'origin_author_offsets',
    key: ['repo_purl', 'author', 'offset_minutes', 'month'],
    paging: 'keyset',
    integerKeys: ['offset_minutes'],
    split: { by: 'key', columns: ['repo_purl'], shards: 4 },
    columns: ['repo_purl', 'author', 'offset_minutes', 'month', 'commits', 'bot'],
  },
  { name: 'geo_accounts', key: ['account'], paging: 'keyset', columns: ['account', 'location', 'source', 'as_of'] },
  {
    name: 'geo_repo_accounts',
    key: ['repo_purl', 'account'],
    paging: 'keyset',
    columns: ['repo_purl', 'account', 'role', 'source', 'as_of'],
  },
]
