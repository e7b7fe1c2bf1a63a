// A rule's matches as findings. Crypto rules: the catalogue ids each match names, fixed by the rule's
// metadata.algorithm or, when that is a metavariable (`$ALG`), the literal or identifier it bound, through the
// normaliser. Issue rules: the lines each match spans, with the rule's severity.
import { normaliseAlgorithm } from '../../domain/cryptography/normalise-algorithm.ts'
import type { IssueRuleMetadata, SemgrepRule, Severity } from '../../domain/rulesets/types.ts'
import { runRule } from './engine.ts'
import type { SourceUnit } from './source-unit.ts'

/** What a rule finds in a file: each finding's line and labels (a crypto rule's algorithms; none for issue rules). */
export type RuleFinder<M extends object> = (
  rule: SemgrepRule<M>,
  unit: SourceUnit,
) => { line: number; label?: string }[]

export interface Finding {
  ruleId: string
  algorithm: string
  line: number
}

/** Findings of one rule in one file, ordered by line then algorithm, each (line, algorithm) once. */
export function ruleFindings(rule: SemgrepRule, unit: SourceUnit, known: ReadonlySet<string>): Finding[] {
  const named = rule.metadata.algorithm
  const out: Finding[] = []
  const seen = new Set<string>()
  for (const m of runRule(rule, unit)) {
    let ids: string[]
    if (named.startsWith('$')) {
      const text = m.captures.get(named)
      ids = text === undefined ? [] : normaliseAlgorithm(text, known)
    } else ids = [named]
    for (const algorithm of ids) {
      const k = `${m.line}\0${algorithm}`
      if (seen.has(k)) continue
      seen.add(k)
      out.push({ ruleId: rule.id, algorithm, line: m.line })
    }
  }
  return out
}

/** The crypto rules' findings for the examples check: labelled with their algorithms. */
export function cryptoFinder(known: ReadonlySet<string>): RuleFinder<SemgrepRule['metadata']> {
  return (rule, unit) => ruleFindings(rule, unit, known).map((f) => ({ line: f.line, label: f.algorithm }))
}

export interface IssueFinding {
  ruleId: string
  severity: Severity
  /** 1-based first and last line of the match. */
  from: number
  to: number
}

/** Findings of one issue rule in one file, ordered by lines, each line range once. */
export function issueFindings(rule: SemgrepRule<IssueRuleMetadata>, unit: SourceUnit): IssueFinding[] {
  const out: IssueFinding[] = []
  const seen = new Set<string>()
  for (const m of runRule(rule, unit)) {
    const k = `${m.line}-${m.endLine}`
    if (seen.has(k)) continue
    seen.add(k)
    out.push({ ruleId: rule.id, severity: rule.severity, from: m.line, to: m.endLine })
  }
  return out.sort((a, b) => a.from - b.from || a.to - b.to)
}

/** The issue rules' findings for the examples check: unlabelled. */
export const issueFinder: RuleFinder<IssueRuleMetadata> = (rule, unit) =>
  issueFindings(rule, unit).map((f) => ({ line: f.from }))
