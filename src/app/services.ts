// Builds the domain services over a storage backend; the one place that knows both.
import { CachedCatalog } from '../cache/catalog-cache.ts'
import { ChangeTracker } from '../cache/change-tracker.ts'
import type { Config } from '../config/config.ts'
import { defaultFileCacheDir } from '../config/file-contents.ts'
import type { CatalogReader } from '../domain/catalog/types.ts'
import { KeyService } from '../domain/keys/key-service.ts'
import { FileContents } from '../domain/scanning/file-contents.ts'
import type { ScanIndex } from '../domain/scanning/types.ts'
import type { Services } from '../domain/services.ts'
import { loadCatalogue } from '../ingest/crypto/catalogue.ts'
import { FileContentsCache } from '../ingest/file-contents-cache.ts'
import { ArtifactThreads, FILE_THREADS } from '../jobs/thread/pool.ts'
import { cycloneDxErrors } from '../reference/cyclonedx-schema.ts'
import { readEmittedHelpers } from '../reference/emitted-helpers.ts'
import { RulesetStore } from '../rules/release/store.ts'
import { SqlAdvisoryReader } from '../storage/advisory-reader.ts'
import { SqlAnalysisReader } from '../storage/analysis-reader.ts'
import { SqlApiKeyStore } from '../storage/api-key-store.ts'
import { SqlCatalogReader } from '../storage/catalog-reader.ts'
import { SqlComponentSearcher } from '../storage/component-searcher.ts'
import type { Storage } from '../storage/database.ts'
import { SqlDependencyReader } from '../storage/dependency-reader.ts'
import { SqlFileAlgorithmReader } from '../storage/file-algorithms.ts'
import { SqlFolderIndex } from '../storage/folder-index.ts'
import { SqlGeoReader } from '../storage/geo-store.ts'
import { SqlChangeFeed } from '../storage/kb-changes.ts'
import { SqlKbMetaStore } from '../storage/kb-meta-store.ts'
import { SqlLicenseReader } from '../storage/license-reader.ts'
import { SqlNoticeReader } from '../storage/notice-store.ts'
import { SqlScanIndex } from '../storage/snippet-index.ts'

type ServicesConfig = Pick<Config, 'seedKeys' | 'keyCacheTtlMs'> &
  Partial<Pick<Config, 'catalogCacheMaxBytes' | 'answerCache' | 'fileContents' | 'growth'>>

/**
 * `parts`: services built elsewhere (the on-demand port, app/runtime.ts) or replaced (tests), over the ones built here;
 * `threads`: the process's artifact threads, which GET /file_contents reads files in (app/runtime.ts).
 */
export function createServices(
  storage: Storage,
  config: ServicesConfig,
  parts: Partial<Services> = {},
  threads?: ArtifactThreads,
): Services {
  const scan = new SqlScanIndex(storage)
  const { fileContents: files, growth } = config
  return {
    ...(files && growth ? { fileContents: fileContents(scan, { fileContents: files, growth }, {}, threads) } : {}),
    keys: new KeyService(new SqlApiKeyStore(storage), config.seedKeys, config.keyCacheTtlMs),
    kbMeta: new SqlKbMetaStore(storage),
    catalog: catalog(storage, config),
    integrity: new SqlCatalogReader(storage),
    search: new SqlComponentSearcher(storage),
    analyses: new SqlAnalysisReader(storage),
    licenses: new SqlLicenseReader(storage),
    advisories: new SqlAdvisoryReader(storage),
    dependencies: new SqlDependencyReader(storage),
    folders: new SqlFolderIndex(storage),
    scan,
    fileAlgorithms: new SqlFileAlgorithmReader(storage),
    geo: new SqlGeoReader(storage),
    notices: new SqlNoticeReader(storage),
    algorithmCatalogue: () => loadCatalogue(), // read once per process, on first use
    emittedHelpers: readEmittedHelpers,
    cycloneDxSchemaErrors: (bom) => cycloneDxErrors(bom), // each version's schema compiled on first use
    rulesets: new RulesetStore(),
    pingDatabase: () => storage.ping(),
    ...parts,
  }
}

/** The catalog, behind the catalog cache unless CATALOG_CACHE_MAX_MB is 0 (docs/caching.md "The catalog cache"). */
function catalog(storage: Storage, config: ServicesConfig): CatalogReader {
  const reader = new SqlCatalogReader(storage)
  if (!config.catalogCacheMaxBytes || !config.answerCache) return reader
  const ttlMs = config.answerCache.ttlMs
  // a tracker of its own, never started: every lookup catches up with the log itself
  const tracker = new ChangeTracker(new SqlChangeFeed(storage), {
    pollMs: config.answerCache.pollMs,
    ttlMs,
    onFlush: () => {},
    onError: () => {},
  })
  return new CachedCatalog(reader, tracker, { maxBytes: config.catalogCacheMaxBytes, ttlMs })
}

/** The bound on what one package archive may unpack to while a file is taken out of it (the ingestion walk's). */
const MAX_UNPACKED_BYTES = 2 * 1024 ** 3

/**
 * GET /file_contents/{md5}'s service: files read from npm tarballs in the artifact threads (`threads`, the process's
 * pool, which it leaves open; else a pool of its own, closed with it, through a registry client with the configured
 * npm settings and `npm` over them: tests name a fixture registry), kept in the on-disk cache.
 */
export function fileContents(
  scan: ScanIndex,
  config: Pick<Config, 'fileContents' | 'growth'>,
  npm: Record<string, unknown> = {},
  threads?: ArtifactThreads,
) {
  const c = config.fileContents
  const pool = threads ?? new ArtifactThreads({ npm, limits: config.growth.npm, size: FILE_THREADS })
  const source = pool.files(MAX_UNPACKED_BYTES, !threads)
  const store = new FileContentsCache(c.cacheDir ?? defaultFileCacheDir(), c.cacheMaxBytes)
  return new FileContents(scan, source, store, { maxBytes: c.maxBytes, timeoutMs: c.timeoutMs })
}
