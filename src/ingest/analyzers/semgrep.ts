// The semgrep analyzer: static-analysis issues of a package version, found by the latest `semgrep` ruleset release
// (src/ingest/semgrep/scan.ts); only files with at least one issue are kept, with their MD5 (docs/semgrep.md).
import { type IssueAnalysis, type IssueFile, SEMGREP_ANALYZER } from '../../domain/semgrep/types.ts'
import { issueRulesVersion, scanIssues } from '../semgrep/scan.ts'
import { isBinary } from './text.ts'
import type { Analyzer } from './types.ts'

/** Bumped when the analyzer itself changes; the rule set release is part of the version too. */
const REVISION = '1'

export const semgrepAnalyzer: Analyzer<IssueAnalysis> = {
  name: SEMGREP_ANALYZER,
  /** `<revision>+<rule set release>`: a new release re-analyzes what the previous one analyzed. */
  get version() {
    return `${REVISION}+${issueRulesVersion()}`
  },
  start() {
    const byPath = new Map<string, IssueFile>() // a later entry for the same path replaces the earlier one
    return {
      file(e) {
        const issues = e.content && !isBinary(e.path, e.content) ? scanIssues(e.path, e.content.toString('utf8')) : []
        if (issues.length > 0) byPath.set(e.path, { path: e.path, md5: e.md5, issues })
        else byPath.delete(e.path)
      },
      finish: () => ({
        ruleset: issueRulesVersion(),
        files: [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
      }),
    }
  },
}
