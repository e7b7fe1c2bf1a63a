// Advisories as the KB keeps them (from OSV records), and the ports vulnerability answers read.
import type { ComponentKey } from '../catalog/types.ts'
import type { OsvAffected } from './osv-match.ts'

export interface AffectedPackage extends OsvAffected {
  ecosystem: string
  /** The package's lookup key (purl type and purl_name, as a purl for it would give). */
  purlType: string
  purlName: string
}

export interface Advisory {
  id: string
  /** Where it came from, e.g. `osv:nodejs-security-wg`. */
  source: string
  aliases: string[]
  summary: string
  details: string
  published: string | null
  modified: string
  withdrawn: string | null
  /** Severity vectors as OSV gives them (`CVSS_V2`, `CVSS_V3`, `CVSS_V4`, …). */
  severity: { type: string; score: string }[]
  /** `database_specific.severity` (e.g. HIGH), when the source gives one. */
  databaseSeverity: string | null
  cweIds: string[]
  references: { type: string; url: string }[]
  affected: AffectedPackage[]
}

export interface EpssScore {
  cve: string
  probability: number
  percentile: number
  scoreDate: string | null
  modelVersion: string | null
}

/** A CVE listed in CISA's catalogue of known exploited vulnerabilities (KEV), as the catalogue gives it. */
export interface KevEntry {
  cve: string
  vendorProject: string
  product: string
  vulnerabilityName: string
  /** YYYY-MM-DD: when CISA added it to the catalogue. */
  dateAdded: string
  shortDescription: string
  requiredAction: string
  /** YYYY-MM-DD: when the required action is due (for US federal agencies). */
  dueDate: string
  /** `Known` (used in ransomware campaigns) or `Unknown`, as the catalogue says. */
  knownRansomwareCampaignUse: string
}

/** An advisory with the entry that names one particular package. */
export interface PackageAdvisory {
  /** `otherSources`: the other sources that published the same id (advisory-sources.ts). */
  advisory: Omit<Advisory, 'affected'> & { otherSources?: string[] }
  affected: AffectedPackage
}

/** What vulnerability answers read (storage implements it). */
export interface AdvisoryReader {
  /** Advisories that are not withdrawn, per package key (keyOf), for these packages, in one query. */
  forPackages(keys: readonly ComponentKey[]): Promise<Map<string, PackageAdvisory[]>>
  /** EPSS scores of these CVEs, in one query; CVEs without a score are absent. */
  epss(cves: readonly string[]): Promise<Map<string, EpssScore>>
  /** KEV entries of these CVEs, in one query; CVEs the catalogue does not list are absent. */
  kev(cves: readonly string[]): Promise<Map<string, KevEntry>>
  /** The CPE products (version as `*`) mapped to each package key, in one query. */
  cpeProducts(keys: readonly ComponentKey[]): Promise<Map<string, string[]>>
  /**
   * The advisories with this id or naming it as an alias (a CVE gathers every source's record of it), withdrawn ones
   * too, each with every package it affects; at most `limit`, by id.
   */
  byId(id: string, limit: number): Promise<(Advisory & { otherSources: string[] })[]>
}

/** The CPE products one package maps to (version and update as `*`), each with its count of versioned CPEs. */
export interface CpePackage {
  purlType: string
  purlName: string
  products: { cpe: string; versions: number }[]
}

/** What a batch write did: rows (records) written, and those already stored exactly so (not written again). */
export interface WriteCounts {
  written: number
  unchanged: number
}

/** What ingestion writes (storage implements it); every write is idempotent. */
export interface AdvisoryWriter {
  /**
   * Upserts advisories in one transaction; a record whose content (and source) did not change is not written again,
   * and one older (by `modified`) than the stored record of the same id is not written (its id is in `older`).
   */
  writeAdvisories(advisories: readonly Advisory[], asOf: string): Promise<WriteCounts & { older: string[] }>
  /** Replaces the EPSS scores of these CVEs (one transaction per call); unchanged scores are not written. */
  writeEpss(scores: readonly EpssScore[], source: string, asOf: string): Promise<WriteCounts>
  /** Replaces the KEV entries of these CVEs (one transaction per call); unchanged entries are not written. */
  writeKev(entries: readonly KevEntry[], source: string, asOf: string): Promise<WriteCounts>
  /** Replaces the CPE products of these packages (one transaction per call); `written` counts packages. */
  writeCpeProducts(packages: readonly CpePackage[], source: string, asOf: string): Promise<WriteCounts>
  /** Records (or updates) a loaded data source; without `records`, its advisories in the KB are counted. */
  recordSource(s: Omit<DataSource, 'records'> & { records?: number }): Promise<void>
}

export interface DataSource {
  name: string
  kind: 'advisories' | 'epss' | 'cpe' | 'kev'
  /** The source's own date (snapshot, score date), when it gives one. */
  sourceDate: string | null
  importedAt: string
  records: number
}
