// Rulesets: the two cryptography types (docs/cryptography-rulesets.md) and the static-analysis issues type
// (docs/semgrep.md), their release versions and the Semgrep rule format the rules are written in.

export const RULESET_TYPES = ['dca', 'keywords', 'semgrep'] as const
export type RulesetType = (typeof RULESET_TYPES)[number]

/** The types the cryptography download endpoint serves. */
const CRYPTO_RULESET_TYPES = ['dca', 'keywords'] as const satisfies readonly RulesetType[]
export type CryptoRulesetType = (typeof CRYPTO_RULESET_TYPES)[number]

export function isRulesetType(s: string): s is RulesetType {
  return (RULESET_TYPES as readonly string[]).includes(s)
}

export function isCryptoRulesetType(s: string): s is CryptoRulesetType {
  return (CRYPTO_RULESET_TYPES as readonly string[]).includes(s)
}

export const RULESET_DESCRIPTIONS: Readonly<Record<RulesetType, string>> = {
  dca: 'compintel deep code analysis rules: cryptographic API use matched structurally, per language',
  keywords: 'compintel keyword rules: the algorithm catalogue keywords with word guards, per language',
  semgrep:
    'compintel static-analysis rules: security, quality and compliance issues matched structurally, per language',
}

/** manifest.json of a release (docs/api-behaviour.md "Ruleset download"). */
export interface RulesetManifest {
  name: string
  version: string
  description: string
  /** ISO 8601, the release date recorded with the release. */
  created_at: string
  /**
   * Inside the archive: SHA-256 of the rules content (docs/cryptography-rulesets.md "Checksums"); beside the
   * archive in the store: SHA-256 of the .tar.gz.
   */
  checksum_sha256: string
}

const SEVERITIES = ['ERROR', 'WARNING', 'INFO'] as const
export type Severity = (typeof SEVERITIES)[number]

/** One rule in Semgrep's format (the subset compintel writes and its engine runs); metadata depends on the type. */
export interface SemgrepRule<M extends object = RuleMetadata> {
  id: string
  languages: string[]
  message: string
  severity: Severity
  metadata: M
  'pattern-regex'?: string
  pattern?: string
  patterns?: PatternClause[]
  'pattern-either'?: PatternClause[]
}

/** Metadata of the cryptography rules (dca, keywords). */
export interface RuleMetadata {
  /** A catalogue id, or a metavariable (`$ALG`) whose literal the normaliser maps to catalogue ids. */
  algorithm: string
  /** Strong or Weak for a fixed algorithm; `by-algorithm` when it comes from a metavariable. */
  strength: 'Strong' | 'Weak' | 'by-algorithm'
  category: 'crypto'
  ruleset: RulesetType
  [key: string]: unknown
}

export const ISSUE_CATEGORIES = ['security', 'quality', 'compliance'] as const
type IssueCategory = (typeof ISSUE_CATEGORIES)[number]

/** Metadata of the static-analysis issue rules (semgrep), in the Semgrep registry's conventions. */
export interface IssueRuleMetadata {
  /** `CWE-<id>: <name>`, at least one. */
  cwe: string[]
  category: IssueCategory
  ruleset: 'semgrep'
  /** Where the problem is described (CWE page, advisory, documentation). */
  references?: string[]
  [key: string]: unknown
}

/** The metadata each type's rules carry. */
export interface RuleMetadataOf {
  dca: RuleMetadata
  keywords: RuleMetadata
  semgrep: IssueRuleMetadata
}

export type PatternClause =
  | { pattern: string }
  | { 'pattern-regex': string }
  | { 'pattern-not': string }
  | { 'pattern-inside': string }
  | { 'pattern-not-inside': string }
  | { 'pattern-either': PatternClause[] }
  | { patterns: PatternClause[] }
  | { 'metavariable-regex': { metavariable: string; regex: string } }

/** A released ruleset as served: its manifest, the archive's bytes and their SHA-256 (hexadecimal). */
export interface RulesetRelease {
  manifest: RulesetManifest
  archive: Buffer
  checksum: string
}

export type RulesetLookup =
  | { kind: 'found'; release: RulesetRelease }
  | { kind: 'not-found' }
  /** The archive does not match its manifest's checksum (or cannot be read). */
  | { kind: 'corrupt' }

/** The released rulesets the download routes serve (rules/release/store.ts). */
export interface RulesetReleases {
  /** `version` is `latest` or a release name; `type` anything (a type the store does not hold is not found). */
  lookup(type: string, version: string): Promise<RulesetLookup>
}
