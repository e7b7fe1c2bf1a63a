// Response schemas of the static-analysis issues area (docs/semgrep.md "Answers"): the field names `ruleID` and
// `fileMD5` are the proto's own (emitted as they are, not snake_case), line numbers are strings.
import { Type } from 'typebox'
import { OutcomeFields } from './components.ts'

const IssueSchema = Type.Object({
  ruleID: Type.String({ description: 'id of the rule in the compintel semgrep rule set (docs/semgrep.md)' }),
  from: Type.String({ description: 'first line of the finding, 1-based, as a string' }),
  to: Type.String({ description: 'last line of the finding, as a string' }),
  severity: Type.String({ description: 'ERROR, WARNING or INFO' }),
})

const IssueFileSchema = Type.Object({
  fileMD5: Type.String({ description: 'MD5 of the file content, lower-case hex' }),
  path: Type.String({ description: 'path inside the package' }),
  issues: Type.Array(IssueSchema),
})

export const ComponentIssueInfoSchema = Type.Object({
  purl: Type.String({ description: 'as asked, @version included' }),
  version: Type.String({ description: 'resolved version, "" when unresolved' }),
  requirement: Type.String({
    description: 'the resolved version (as the original service answers); when unresolved, the requirement asked',
  }),
  files: Type.Array(IssueFileSchema, { description: 'only files with at least one issue, by path' }),
  ruleset_version: Type.Optional(
    Type.String({ description: 'the semgrep rule set release the findings come from; absent when not analyzed' }),
  ),
  ...OutcomeFields,
})
