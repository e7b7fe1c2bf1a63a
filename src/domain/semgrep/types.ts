// Static-analysis issues (docs/semgrep.md "Answers"): what the semgrep analyzer stores per version, and the
// answers of the issues endpoints (docs/semgrep.md).
import type { Severity } from '../rulesets/types.ts'
import type { Outcome } from '../shared/outcome.ts'

export const SEMGREP_ANALYZER = 'semgrep'

/** One finding: a rule of the released set matched lines `from`..`to` (1-based) of a file. */
export interface Issue {
  rule: string
  from: number
  to: number
  severity: Severity
}

/** A file with at least one issue; files without issues are not stored. */
export interface IssueFile {
  path: string
  /** MD5 of the file's content, lower-case hex. */
  md5: string
  issues: Issue[]
}

/** The analyzer's output for one version: the rule set release it ran, and its files with issues (by path). */
export interface IssueAnalysis {
  /** The `semgrep` ruleset release, e.g. `v1.0.0` (data/rulesets/semgrep). */
  ruleset: string
  files: IssueFile[]
}

/** One component asked about: the resolved version and its files with issues. */
export interface ComponentIssues {
  /** As asked, @version included (docs/semgrep.md "Answers"). */
  purl: string
  /** The resolved version, '' when none. */
  version: string
  /** The resolved version (docs/semgrep.md "Answers"), or the requirement asked when none resolves. */
  requirement: string
  /** The rule set release the findings come from; undefined when the version was not analyzed. */
  ruleset: string | undefined
  files: IssueFile[]
  outcome: Outcome
}
