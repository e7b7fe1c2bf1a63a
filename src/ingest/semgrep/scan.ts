// Static-analysis issues of one file for the semgrep analyzer: the rules of the latest `semgrep` ruleset release
// (data/rulesets/semgrep, read and verified once per process) run through the rules engine. Structural rules parse
// the file once with @ast-grep/napi. Test files, minified files and files over the size limit are not scanned; a
// rule or file that fails gives nothing for it, never an exception (docs/semgrep.md "What is scanned").
import type { IssueRuleMetadata, SemgrepRule } from '../../domain/rulesets/types.ts'
import type { Issue } from '../../domain/semgrep/types.ts'
import { MAX_RULE_FILE_CHARS } from '../../rules/engine/engine.ts'
import { languageOfPath } from '../../rules/engine/file-languages.ts'
import { issueFindings } from '../../rules/engine/findings.ts'
import { SourceUnit } from '../../rules/engine/source-unit.ts'
import { releasedRules } from '../../rules/release/released-rules.ts'

interface IssueRules {
  version: string
  byLanguage: Map<string, SemgrepRule<IssueRuleMetadata>[]>
}

let loaded: IssueRules | undefined

function rules(): IssueRules {
  if (!loaded) {
    const release = releasedRules('semgrep')
    const byLanguage = new Map<string, SemgrepRule<IssueRuleMetadata>[]>()
    for (const f of release.files)
      for (const r of f.rules)
        for (const lang of r.languages) byLanguage.set(lang, [...(byLanguage.get(lang) ?? []), r])
    loaded = { version: release.version, byLanguage }
  }
  return loaded
}

/** The release the analyzer runs, e.g. `v1.0.0`. */
export function issueRulesVersion(): string {
  return rules().version
}

/** Path segments and file names of tests, fixtures and installed dependencies: not scanned. */
const SKIPPED_DIRS = new Set([
  'test',
  'tests',
  '__tests__',
  '__mocks__',
  'spec',
  'fixtures',
  '__fixtures__',
  'node_modules',
])
const SKIPPED_NAMES = /(?:\.(?:test|spec)\.[^./]+|_test\.(?:go|py)|^test_[^/]*\.py|\.min\.[^./]+|\.d\.[mc]?ts)$/

/** Minified: an average line over this many characters (in files of at least MINIFIED_MIN_CHARS). */
export const MINIFIED_LINE_CHARS = 300
const MINIFIED_MIN_CHARS = 2048

/** Whether a file at this path is scanned (not: tests, fixtures, dependencies, *.min.*, TypeScript declarations). */
export function isScannedPath(path: string): boolean {
  const parts = path.split('/')
  if (parts.slice(0, -1).some((p) => SKIPPED_DIRS.has(p))) return false
  return !SKIPPED_NAMES.test(parts[parts.length - 1] as string)
}

export function isMinified(content: string): boolean {
  if (content.length < MINIFIED_MIN_CHARS) return false
  let lines = 1
  for (let i = content.indexOf('\n'); i >= 0; i = content.indexOf('\n', i + 1)) lines++
  return content.length / lines > MINIFIED_LINE_CHARS
}

/** The issues the rules find in one file, ordered by line, then rule id; [] for files that are not scanned. */
export function scanIssues(path: string, content: string): Issue[] {
  try {
    const lang = languageOfPath(path)
    if (!lang || !isScannedPath(path) || content.length > MAX_RULE_FILE_CHARS) return []
    const applicable = rules().byLanguage.get(lang.language)
    if (!applicable || isMinified(content)) return []
    const unit = new SourceUnit(lang.language, content, lang.tsx)
    const out: Issue[] = []
    for (const rule of applicable) {
      try {
        for (const f of issueFindings(rule, unit))
          out.push({ rule: f.ruleId, from: f.from, to: f.to, severity: f.severity })
      } catch {
        // a rule the parser cannot compile for this language: no findings from it
      }
    }
    return out.sort((a, b) => a.from - b.from || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0) || a.to - b.to)
  } catch {
    return []
  }
}
