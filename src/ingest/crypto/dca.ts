// Deep code analysis for the crypto analyzer: the `dca` ruleset's rules (rulesets/dca, read once per process) run
// over one file. Structural rules parse the file once with @ast-grep/napi; regex rules run on its text. A file in a
// language without rules gives []; a rule or file that fails gives nothing for it, never an exception.
import { createHash } from 'node:crypto'
import type { SemgrepRule } from '../../domain/rulesets/types.ts'
import { MAX_RULE_FILE_CHARS } from '../../rules/engine/engine.ts'
import { languageOfPath } from '../../rules/engine/file-languages.ts'
import { type Finding, ruleFindings } from '../../rules/engine/findings.ts'
import { SourceUnit } from '../../rules/engine/source-unit.ts'
import { readRuleFiles } from '../../rules/release/sources.ts'
import { loadCatalogue } from './catalogue.ts'

/** Larger files are skipped (generated bundles; the keyword scan still sees them). */
const DCA_MAX_FILE_CHARS = MAX_RULE_FILE_CHARS

interface DcaRules {
  byLanguage: Map<string, SemgrepRule[]>
  known: Set<string>
  digest: string
}

let loaded: DcaRules | undefined

function rules(): DcaRules {
  if (!loaded) {
    const files = readRuleFiles('dca')
    const byLanguage = new Map<string, SemgrepRule[]>()
    for (const f of files)
      for (const r of f.rules)
        for (const lang of r.languages) byLanguage.set(lang, [...(byLanguage.get(lang) ?? []), r])
    const hash = createHash('sha256')
    for (const f of files) hash.update(`${f.path}\0${f.text}\0`)
    loaded = { byLanguage, known: new Set(loadCatalogue().map((a) => a.id)), digest: hash.digest('hex') }
  }
  return loaded
}

/** SHA-256 of the dca rule sources: part of the analyzer's version, so changed rules re-analyze. */
export function dcaRulesDigest(): string {
  return rules().digest
}

/** The algorithms the dca rules find in one file: rule id, catalogue id and 1-based line, ordered by line. */
export function matchDca(path: string, content: string): Finding[] {
  try {
    const lang = languageOfPath(path)
    if (!lang || typeof content !== 'string' || content.length > DCA_MAX_FILE_CHARS) return []
    const { byLanguage, known } = rules()
    const applicable = byLanguage.get(lang.language)
    if (!applicable) return []
    const unit = new SourceUnit(lang.language, content, lang.tsx)
    const out: Finding[] = []
    for (const rule of applicable) {
      try {
        out.push(...ruleFindings(rule, unit, known))
      } catch {
        // a rule the parser cannot compile for this language: no findings from it
      }
    }
    return out.sort((a, b) => a.line - b.line || cmp(a.ruleId, b.ruleId) || cmp(a.algorithm, b.algorithm))
  } catch {
    return []
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
