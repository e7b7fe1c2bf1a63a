// The metadata each ruleset type's rules must carry: cryptography rules name an algorithm and its strength
// (docs/cryptography-rulesets.md "Rule format"); issue rules name their CWE ids and a category (docs/semgrep.md).
import {
  ISSUE_CATEGORIES,
  type IssueRuleMetadata,
  type RuleMetadata,
  type RulesetType,
} from '../../domain/rulesets/types.ts'

const STRENGTHS = new Set(['Strong', 'Weak', 'by-algorithm'])

/** `CWE-<id>: <name>`, as the Semgrep registry writes them. */
export const CWE_ENTRY = /^CWE-[1-9]\d*: \S.*$/

/** Throws (through `fail`) when `m` is not the metadata rules of `type` carry. */
export function checkMetadata(type: RulesetType, m: unknown, fail: (what: string) => never): void {
  if (typeof m !== 'object' || m === null) fail('metadata missing')
  if (type === 'semgrep') checkIssue(m as IssueRuleMetadata, fail)
  else checkCrypto(m as RuleMetadata, type, fail)
}

function checkCrypto(m: RuleMetadata, type: RulesetType, fail: (what: string) => never): void {
  if (typeof m.algorithm !== 'string' || m.algorithm === '') fail('metadata.algorithm missing')
  if (!STRENGTHS.has(m.strength)) fail('metadata.strength must be Strong, Weak or by-algorithm')
  if ((m.strength === 'by-algorithm') !== m.algorithm.startsWith('$')) fail('by-algorithm strength iff $algorithm')
  if (m.category !== 'crypto') fail('metadata.category must be crypto')
  if (m.ruleset !== type) fail(`metadata.ruleset must be ${type}`)
}

function checkIssue(m: IssueRuleMetadata, fail: (what: string) => never): void {
  if (!Array.isArray(m.cwe) || m.cwe.length === 0) fail('metadata.cwe must list at least one CWE')
  for (const c of m.cwe)
    if (typeof c !== 'string' || !CWE_ENTRY.test(c)) fail(`metadata.cwe: "${c}" is not "CWE-<id>: <name>"`)
  if (!(ISSUE_CATEGORIES as readonly string[]).includes(m.category))
    fail(`metadata.category must be one of ${ISSUE_CATEGORIES.join(', ')}`)
  if (m.ruleset !== 'semgrep') fail('metadata.ruleset must be semgrep')
  if (m.references !== undefined) {
    if (!Array.isArray(m.references)) fail('metadata.references must be a list')
    for (const r of m.references) if (typeof r !== 'string' || !/^https:\/\/\S+$/.test(r)) fail(`bad reference ${r}`)
  }
}
