// A rule's matches as findings: the catalogue ids each match names, fixed by the rule's metadata.algorithm or, when
// that is a metavariable (`$ALG`), the literal or identifier it bound, through the normaliser.
import { normaliseAlgorithm } from '../domain/rulesets/normalise-algorithm.ts'
import type { SemgrepRule } from '../domain/rulesets/types.ts'
import { runRule, type SourceUnit } from './engine.ts'

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
