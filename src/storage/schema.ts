// Kysely table types: the one description of the KB tables that both dialects share.
import type { Generated } from 'kysely'

interface KbMetaTable {
  id: number
  schema_version: string
  created_at: string
  db_release: string
  /** Random, per KB: salts the hashes that stand for commit authors and accounts (migration 7). */
  author_salt: string | null
  /** Random, per KB: the answer cache's Redis namespace (migration 11). */
  instance_id: string | null
}

export interface ApiKeysTable {
  id: string
  name: string
  key_hash: string
  prefix: string
  /** Comma-separated scopes. */
  scopes: string
  tier: string
  created_at: string
  revoked_at: string | null
}

export interface ComponentsTable {
  id: Generated<number>
  purl: string
  purl_type: string
  namespace: string
  name: string
  purl_name: string
  description: string | null
  project_url: string
  homepage_url: string | null
  repository_url: string | null
  source_purl: string | null
  latest_version: string | null
  status: string
  status_raw: string | null
  status_change_date: string | null
  registry_modified: string | null
  popularity: number | null
  popularity_source: string | null
  facts_hash: string
  first_indexed_at: string
  last_indexed_at: string
  source: string
  as_of: string
}

export interface VersionsTable {
  id: Generated<number>
  component_id: number
  version: string
  sort_key: string
  is_prerelease: number
  released_at: string | null
  status: string
  status_raw: string | null
  integrity: string | null
  unpacked_size: number | null
  file_count: number | null
  declared_license: string | null
  license_expression: string | null
  facts_hash: string
  indexed_at: string
  source: string
  as_of: string
  /** Cargo: the `[features]` table, JSON (migration 18); null: none recorded. */
  features: string | null
  /** Maven: the dependencyManagement versions, JSON `group:artifact` → version (migration 21); null: none recorded. */
  managed: string | null
}

interface VersionLicensesTable {
  version_id: number
  kind: 'declared' | 'detected'
  license_id: string
  path: string
  score: number | null
  is_spdx: number
  source: string
  as_of: string
}

/** Provenance (`source`, `as_of`): the version row's, rewritten with it (docs/knowledge-base.md). */
interface VersionDependenciesTable {
  version_id: number
  scope: 'runtime' | 'dev' | 'peer' | 'optional'
  name: string
  requirement: string
  /** Cargo: how the dependent asks for it (DependencyFeatures, JSON; migration 18); null: the usual. */
  features: string | null
  /** Maven: its place in the POM's declaration order, from 0 (migration 21); null: none recorded (name order). */
  position: number | null
}

/** Provenance: the version's `files` analysis row (`computed:files@1`, its `as_of`), written with it. */
interface VersionFilesTable {
  version_id: number
  path: string
  size: number
  md5: string
}

/** Each distinct indexed file content once, by MD5 (migration 14). */
interface SnippetContentsTable {
  id: Generated<number>
  md5: string
  /** Lines of the content (LF count, plus one when it does not end with LF). */
  lines: number
  fingerprints: number
}

/** The inverted fingerprint index: a winnowing fingerprint (as a signed 32-bit integer) at a content's line. */
interface SnippetHashesTable {
  hash: number
  content_id: number
  line: number
}

/** The algorithms of each file content, by MD5 (migration 15; written from the crypto analyzer's output). */
interface FileAlgorithmsTable {
  md5: string
  /** A catalogue id, lower case. */
  algorithm: string
}

/** `source` is not stored: it is `computed:<analyzer>@<analyzer_version>`. */
interface AnalysesTable {
  version_id: number
  analyzer: string
  analyzer_version: string
  output: string
  as_of: string
}

export interface AdvisoriesTable {
  id: string
  source: string
  aliases: string
  summary: string
  details: string
  published: string | null
  modified: string
  withdrawn: string | null
  severity: string
  database_severity: string | null
  cwe_ids: string
  refs: string
  record_hash: string
  as_of: string
  /** JSON array of the other sources that published this id (migration 5). */
  other_sources: Generated<string>
}

export interface AdvisoryPackagesTable {
  advisory_id: string
  purl_type: string
  purl_name: string
  ecosystem: string
  ranges: string
  versions: string
}

interface EpssScoresTable {
  cve: string
  probability: number
  percentile: number
  score_date: string | null
  model_version: string | null
  source: string
  as_of: string
}

interface KevEntriesTable {
  cve: string
  vendor_project: string
  product: string
  vulnerability_name: string
  date_added: string
  short_description: string
  required_action: string
  due_date: string
  known_ransomware_campaign_use: string
  source: string
  as_of: string
}

export interface CpeProductsTable {
  purl_type: string
  purl_name: string
  cpe: string
  versions: number
  source: string
  as_of: string
}

interface DataSourcesTable {
  name: string
  kind: 'advisories' | 'epss' | 'cpe' | 'kev'
  source_date: string | null
  imported_at: string
  records: number
}

export interface FolderNodesTable {
  id: Generated<number>
  version_id: number
  path: string
  files: number
  names: string
  content: string
  dirs: string
  /** The dir-names hash once installed at node_modules/<name> (migration 12); null for folders indexed before. */
  dirs_installed: string | null
}

/** Each distinct notice text once, by the MD5 of its bytes (migration 13). */
interface NoticeTextsTable {
  md5: string
  text: string
}

/** The notice files of an analyzed version (migration 13). */
interface VersionNoticesTable {
  version_id: number
  path: string
  md5: string
}

export interface FolderNodeBandsTable {
  band: number
  node_id: number
}

interface OriginReposTable {
  repo_purl: string
  head: string | null
  head_date: string | null
  authors: number
  commits: number
  source: string
  as_of: string
}

interface OriginRepoPurlsTable {
  purl: string
  repo_purl: string
}

interface OriginAuthorOffsetsTable {
  repo_purl: string
  author: string
  offset_minutes: number
  month: string
  commits: number
  bot: number
}

interface GeoAccountsTable {
  account: string
  location: string | null
  source: string
  as_of: string
}

interface GeoRepoAccountsTable {
  repo_purl: string
  account: string
  role: 'owner' | 'contributor'
  source: string
  as_of: string
}

/** Migration 8: the change log API nodes poll to invalidate cached answers. */
interface KbChangesTable {
  id: Generated<number>
  tag: string
  changed_at: string
}

/** Migrations 9 and 10: the ingestion queue (times: timestamptz on PostgreSQL, ISO text on SQLite). */
interface IngestQueueTable {
  id: Generated<number>
  run_id: string
  source: string
  name: string
  options: string
  state: 'pending' | 'active' | 'done' | 'failed'
  priority: Generated<number>
  /** Migration 16: who queued an on-demand unit (a hash); claims take the callers' units in turns. */
  caller: string | null
  attempts: Generated<number>
  lease_owner: string | null
  lease_until: string | Date | null
  run_after: string | Date
  last_error: string | null
  created_at: string | Date
  updated_at: string | Date
}

/** Migration 10: when `compintel update` last re-read a package's registry metadata. */
interface RegistryChecksTable {
  component_id: number
  checked_at: string
}

/** Migration 10: the data feeds `compintel update` downloads, and its own runs (name `update`). */
export interface FeedsTable {
  name: string
  url: string
  etag: string | null
  last_modified: string | null
  bytes: number | null
  checked_at: string | null
  changed_at: string | null
  failed_at: string | null
  last_error: string | null
}

export interface Database {
  kb_meta: KbMetaTable
  notice_texts: NoticeTextsTable
  version_notices: VersionNoticesTable
  api_keys: ApiKeysTable
  components: ComponentsTable
  versions: VersionsTable
  version_licenses: VersionLicensesTable
  version_dependencies: VersionDependenciesTable
  version_files: VersionFilesTable
  snippet_contents: SnippetContentsTable
  snippet_hashes: SnippetHashesTable
  file_algorithms: FileAlgorithmsTable
  analyses: AnalysesTable
  advisories: AdvisoriesTable
  advisory_packages: AdvisoryPackagesTable
  epss_scores: EpssScoresTable
  kev_entries: KevEntriesTable
  cpe_products: CpeProductsTable
  data_sources: DataSourcesTable
  folder_nodes: FolderNodesTable
  folder_node_bands: FolderNodeBandsTable
  origin_repos: OriginReposTable
  origin_repo_purls: OriginRepoPurlsTable
  origin_author_offsets: OriginAuthorOffsetsTable
  geo_accounts: GeoAccountsTable
  geo_repo_accounts: GeoRepoAccountsTable
  kb_changes: KbChangesTable
  ingest_queue: IngestQueueTable
  registry_checks: RegistryChecksTable
  feeds: FeedsTable
}
