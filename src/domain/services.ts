// The domain services one storage backend provides (src/app/services.ts builds them): the ports every area's domain
// functions read through, handed to the HTTP layer as `deps.services`.
import type { CatalogReader, IntegrityReader } from './catalog/types.ts'
import type { AnalysisReader, ComponentSearcher } from './components/types.ts'
import type { CatalogueAlgorithm, FileAlgorithmReader } from './cryptography/types.ts'
import type { DependencyReader } from './dependencies/types.ts'
import type { FolderIndex } from './folder-hash/types.ts'
import type { GeoReader } from './geoprovenance/types.ts'
import type { KeyService } from './keys/key-service.ts'
import type { LicenseReader } from './licenses/types.ts'
import type { KbMetaStore } from './meta/types.ts'
import type { NoticeReader } from './notices/types.ts'
import type { OnDemandPort } from './on-demand/types.ts'
import type { RulesetReleases } from './rulesets/types.ts'
import type { EmittedHelperTexts } from './scanning/emitted-helpers.ts'
import type { FileContentsPort } from './scanning/file-contents.ts'
import type { ScanIndex } from './scanning/types.ts'
import type { AdvisoryReader } from './vulnerabilities/types.ts'

export interface Services {
  keys: KeyService
  kbMeta: KbMetaStore
  /** Components and their versions, for resolving purl + requirement. */
  catalog: CatalogReader
  /** The registry's integrity hashes of versions (for enriched SBOMs). */
  integrity: IntegrityReader
  /** Index-backed component search. */
  search: ComponentSearcher
  /** Analyzer outputs of versions (code statistics). */
  analyses: AnalysisReader
  /** Advisories, EPSS scores and CPE products. */
  advisories: AdvisoryReader
  /** Declared and detected licenses of versions. */
  licenses: LicenseReader
  /** Declared dependencies of versions. */
  dependencies: DependencyReader
  /** The folder-hash index. */
  folders: FolderIndex
  /** Files by MD5 and the snippet fingerprint index, for the engine scan (POST /scan/direct). */
  scan: ScanIndex
  /** The bytes of files the KB knows by MD5 (GET /file_contents/{md5}); absent: that route answers 404. */
  fileContents?: FileContentsPort
  /** The algorithms of file contents, by MD5: the scan's cryptography block. */
  fileAlgorithms: FileAlgorithmReader
  /** Geoprovenance: commit-timing and declared-location data of repositories. */
  geo: GeoReader
  /** The attribution notice texts of versions. */
  notices: NoticeReader
  /** The cryptographic algorithm catalogue (data/crypto-algorithms), read on first use: names and describes the
   * algorithms of an enriched SBOM's cryptography bill of materials. */
  algorithmCatalogue(): readonly CatalogueAlgorithm[]
  /** The helper code compilers and bundlers emit (data/emitted-helpers), read on first use: the scan's noise. */
  emittedHelpers: EmittedHelperTexts
  /** The official CycloneDX JSON schema's errors for a BOM of its specVersion ([] when it validates). */
  cycloneDxSchemaErrors(bom: unknown): string[]
  /** The released rulesets (data/rulesets), served by the download routes. */
  rulesets: RulesetReleases
  /** Resolves when the KB answers; rejects when it is unreachable. */
  pingDatabase(): Promise<void>
  /** Fetches what requests name and the KB lacks (on-demand/service.ts); absent when ON_DEMAND=off. */
  onDemand?: OnDemandPort
}
