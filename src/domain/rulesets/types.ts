// Cryptography rulesets (spec #9, docs/cryptography-rulesets.md): the two types, their release versions and the
// Semgrep rule format the rules are written in.

export const RULESET_TYPES = ['dca', 'keywords'] as const
export type RulesetType = (typeof RULESET_TYPES)[number]

export function isRulesetType(s: string): s is RulesetType {
  return (RULESET_TYPES as readonly string[]).includes(s)
}

export const RULESET_DESCRIPTIONS: Readonly<Record<RulesetType, string>> = {
  dca: 'compintel deep code analysis rules: cryptographic API use matched structurally, per language',
  keywords: 'compintel keyword rules: the algorithm catalogue keywords with word guards, per language',
}

/** manifest.json of a release (spec "Ruleset manifest"). */
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

/** One rule in Semgrep's format (the subset compintel writes and its engine runs). */
export interface SemgrepRule {
  id: string
  languages: string[]
  message: string
  severity: 'INFO' | 'WARNING' | 'ERROR'
  metadata: RuleMetadata
  'pattern-regex'?: string
  pattern?: string
  patterns?: PatternClause[]
  'pattern-either'?: PatternClause[]
}

export interface RuleMetadata {
  /** A catalogue id, or a metavariable (`$ALG`) whose literal the normaliser maps to catalogue ids. */
  algorithm: string
  /** Strong or Weak for a fixed algorithm; `by-algorithm` when it comes from a metavariable. */
  strength: 'Strong' | 'Weak' | 'by-algorithm'
  category: 'crypto'
  ruleset: RulesetType
  [key: string]: unknown
}

export type PatternClause =
  | { pattern: string }
  | { 'pattern-regex': string }
  | { 'pattern-not': string }
  | { 'pattern-either': PatternClause[] }
  | { patterns: PatternClause[] }
  | { 'metavariable-regex': { metavariable: string; regex: string } }
