// Domain answers of the semgrep area → their wire form (the upstream field names, camel-cased as upstream spells
// them: fileMD5, ruleID).
import type { ComponentIssues } from '../../../domain/semgrep/types.ts'
import { outcomeFields } from '../../shared/batch.ts'

export function issueInfo(c: ComponentIssues) {
  return {
    purl: c.purl,
    version: c.version,
    requirement: c.requirement,
    files: c.files.map((f) => ({
      fileMD5: f.md5,
      path: f.path,
      issues: f.issues.map((i) => ({ ruleID: i.rule, from: String(i.from), to: String(i.to), severity: i.severity })),
    })),
    ...(c.ruleset === undefined ? {} : { ruleset_version: c.ruleset }),
    ...outcomeFields(c.outcome),
  }
}
