// What ingestion learns about a package, as the KB stores it: facts with their source and date.

export type LifecycleStatus = 'active' | 'deprecated' | 'removed' | 'deleted' | 'malicious'
export type DependencyScope = 'runtime' | 'dev' | 'peer' | 'optional'

interface Provenance {
  /** Where the facts came from, e.g. `npm-registry` or `computed:code-stats@1`. */
  source: string
  /** When that source said so (ISO 8601). */
  asOf: string
}

export interface ComponentFacts extends Provenance {
  purl: string
  purlType: string
  namespace: string
  name: string
  purlName: string
  description: string | null
  projectUrl: string
  homepageUrl: string | null
  repositoryUrl: string | null
  sourcePurl: string | null
  latestVersion: string | null
  status: LifecycleStatus
  statusRaw: string | null
  statusChangeDate: string | null
  registryModified: string | null
}

interface DeclaredLicense {
  raw: string
  expression: string | null
  /** SPDX ids, or LicenseRef-… for strings that are not SPDX (kept, never dropped). */
  ids: string[]
  valid: boolean
}

/**
 * How a Cargo dependent asks for a dependency where it is not the usual (default features, declared by its crate's
 * name, not optional): the Cargo book, "Features"; src/domain/dependencies/cargo-features.ts.
 */
export interface DependencyFeatures {
  /** The features asked (`features = […]`), with `default` unless `default-features = false`; sorted. */
  asks: string[]
  /** The key the dependent's own features name it by (`dep:key`, `key/feature`) when it is renamed. */
  key?: string
  /** `optional = true` (recorded `runtime` when the dependent's `default` feature enables it). */
  optional?: boolean
}

export interface Dependency {
  scope: DependencyScope
  name: string
  requirement: string
  /** Cargo: how the dependent asks for it, when not the usual; absent for every other ecosystem. */
  features?: DependencyFeatures
  /** Maven: its place in the POM's declaration order, from 0 (the walk's tie-break at equal depth). */
  position?: number
}

export interface VersionFacts extends Provenance {
  version: string
  sortKey: string
  isPrerelease: boolean
  releasedAt: string | null
  status: LifecycleStatus
  statusRaw: string | null
  integrity: string | null
  unpackedSize: number | null
  fileCount: number | null
  license: DeclaredLicense | null
  /**
   * Where the declared license was read when not from the version's record itself: a Debian package's copyright file
   * (its path, and `debian-copyright-dep5` or `debian-copyright-text`: how it was read).
   */
  licenseOrigin?: { source: string; path: string }
  dependencies: Dependency[]
  /** Cargo: the version's `[features]` table (each feature and what it enables), when it has one. */
  features?: Record<string, string[]>
  /** Maven: the versions its dependencyManagement sets (`group:artifact` → version), when it manages any. */
  managed?: Record<string, string>
}

interface FileRecord {
  path: string
  size: number
  md5: string
}

interface AnalyzerOutput {
  analyzer: string
  analyzerVersion: string
  output: unknown
}

export interface DetectedLicense {
  licenseId: string
  path: string
  score: number
}

/** One analyzed version: its files, each analyzer's output and the licenses found in its files. */
export interface VersionAnalysis {
  version: string
  asOf: string
  files: FileRecord[]
  outputs: AnalyzerOutput[]
  detectedLicenses: DetectedLicense[]
}

/** Everything one package contributes, written in one transaction. */
export interface PackageUpdate {
  component: ComponentFacts
  /** The versions to write (the --versions selection); versions the KB holds but not listed here are left as they are. */
  versions: VersionFacts[]
  analyses: VersionAnalysis[]
  /**
   * Every version of the full packument, selected or not (unpublished ones with status `removed`). A version the KB
   * holds that is not in it has vanished from the registry. Absent: `versions` is the full packument.
   */
  registryVersions?: VersionFacts[]
  /**
   * The lifecycle status of versions the KB holds and `versions` does not rewrite, from a document listing every
   * version's (PyPI's Simple API: yanks); a version stored with another status (never a removed one) takes this one.
   */
  statuses?: { version: string; status: LifecycleStatus; statusRaw: string | null }[]
}

export interface WriteReport {
  componentChanged: boolean
  versionsInserted: number
  versionsUpdated: number
  analysesWritten: number
}

/** What the KB already holds for a package, so ingestion can skip work it has done. */
export interface PackageState {
  /** version → analyzer name → analyzer version */
  analyses: Map<string, Map<string, string>>
  versions: Set<string>
}

export interface KbWriter {
  state(purl: string): Promise<PackageState | undefined>
  writePackage(update: PackageUpdate): Promise<WriteReport>
  /** After a run: recompute what is derived from many packages (popularity = dependents in the KB). */
  finish?(): Promise<void>
}

/** A feed download's HTTP validators, kept to ask for it conditionally next time (a 304 when unchanged). */
export interface Validators {
  etag: string | null
  lastModified: string | null
}

/** The update schedule's counts since start (update/schedule.ts), for /metrics. */
export interface UpdateCounts {
  runs: number
  feedsIngested: number
  feedsNotModified: number
  feedsFailed: number
}
