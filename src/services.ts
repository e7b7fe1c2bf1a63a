// Builds the domain services over a storage backend; the one place that knows both.
import { CachedCatalog } from './cache/catalog-cache.ts'
import { ChangeTracker } from './cache/change-tracker.ts'
import type { Config } from './config.ts'
import { cycloneDxErrors } from './cyclonedx-schema.ts'
import type { CatalogReader } from './domain/catalog/types.ts'
import { KeyService } from './domain/keys/key-service.ts'
import type { Services } from './domain/services.ts'
import { loadCatalogue } from './ingest/crypto/catalogue.ts'
import { RulesetStore } from './rules/release/store.ts'
import { SqlAdvisoryReader } from './storage/advisory-reader.ts'
import { SqlAnalysisReader } from './storage/analysis-reader.ts'
import { SqlApiKeyStore } from './storage/api-key-store.ts'
import { SqlCatalogReader } from './storage/catalog-reader.ts'
import { SqlComponentSearcher } from './storage/component-searcher.ts'
import type { Storage } from './storage/database.ts'
import { SqlDependencyReader } from './storage/dependency-reader.ts'
import { SqlFileAlgorithmReader } from './storage/file-algorithms.ts'
import { SqlFolderIndex } from './storage/folder-index.ts'
import { SqlGeoReader } from './storage/geo-store.ts'
import { SqlChangeFeed } from './storage/kb-changes.ts'
import { SqlKbMetaStore } from './storage/kb-meta-store.ts'
import { SqlLicenseReader } from './storage/license-reader.ts'
import { SqlNoticeReader } from './storage/notice-store.ts'
import { SqlScanIndex } from './storage/snippet-index.ts'

type ServicesConfig = Pick<Config, 'seedKeys' | 'keyCacheTtlMs'> &
  Partial<Pick<Config, 'catalogCacheMaxBytes' | 'answerCache'>>

export function createServices(storage: Storage, config: ServicesConfig): Services {
  return {
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
    scan: new SqlScanIndex(storage),
    fileAlgorithms: new SqlFileAlgorithmReader(storage),
    geo: new SqlGeoReader(storage),
    notices: new SqlNoticeReader(storage),
    algorithmCatalogue: () => loadCatalogue(), // read once per process, on first use
    cycloneDxSchemaErrors: (bom) => cycloneDxErrors(bom), // each version's schema compiled on first use
    rulesets: new RulesetStore(),
    pingDatabase: () => storage.ping(),
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
