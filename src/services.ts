// Builds the domain services over a storage backend; the one place that knows both.
import type { Config } from './config.ts'
import { KeyService } from './domain/keys/key-service.ts'
import type { Services } from './domain/services.ts'
import { RulesetStore } from './rules/release/store.ts'
import { SqlAdvisoryReader } from './storage/advisory-reader.ts'
import { SqlAnalysisReader } from './storage/analysis-reader.ts'
import { SqlApiKeyStore } from './storage/api-key-store.ts'
import { SqlCatalogReader } from './storage/catalog-reader.ts'
import { SqlComponentSearcher } from './storage/component-searcher.ts'
import type { Storage } from './storage/database.ts'
import { SqlDependencyReader } from './storage/dependency-reader.ts'
import { SqlFolderIndex } from './storage/folder-index.ts'
import { SqlGeoReader } from './storage/geo-store.ts'
import { SqlKbMetaStore } from './storage/kb-meta-store.ts'
import { SqlLicenseReader } from './storage/license-reader.ts'
import { SqlNoticeReader } from './storage/notice-store.ts'

export function createServices(storage: Storage, config: Pick<Config, 'seedKeys' | 'keyCacheTtlMs'>): Services {
  return {
    keys: new KeyService(new SqlApiKeyStore(storage), config.seedKeys, config.keyCacheTtlMs),
    kbMeta: new SqlKbMetaStore(storage),
    catalog: new SqlCatalogReader(storage),
    search: new SqlComponentSearcher(storage),
    analyses: new SqlAnalysisReader(storage),
    licenses: new SqlLicenseReader(storage),
    advisories: new SqlAdvisoryReader(storage),
    dependencies: new SqlDependencyReader(storage),
    folders: new SqlFolderIndex(storage),
    geo: new SqlGeoReader(storage),
    notices: new SqlNoticeReader(storage),
    rulesets: new RulesetStore(),
    pingDatabase: () => storage.ping(),
  }
}
