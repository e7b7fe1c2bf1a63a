// Static-analysis issues of component versions (docs/semgrep.md "Answers"): the files with issues the semgrep
// analyzer stored for the version each reference resolves to. Per batch: one catalog resolution and one read of the
// analyzer's outputs. Outcomes: INVALID_PURL, COMPONENT_NOT_FOUND, VERSION_NOT_FOUND, and NO_INFO for a version never
// analyzed (docs/semgrep.md).
import type { ComponentRef } from '../catalog/resolve-batch.ts'
import { type AnalysisPorts, resolvedAnalyses } from '../catalog/resolved-analyses.ts'
import { SUCCESS } from '../shared/outcome.ts'
import { type ComponentIssues, type IssueAnalysis, SEMGREP_ANALYZER } from './types.ts'

/** One answer per reference, in order. */
export async function issuesOfComponents(
  refs: readonly ComponentRef[],
  ports: AnalysisPorts,
): Promise<ComponentIssues[]> {
  const items = await resolvedAnalyses<IssueAnalysis>(refs, ports, SEMGREP_ANALYZER)
  return items.map(({ resolved: r, analysis }) => {
    // purl and requirement echoed as sent, as every area does (docs/semgrep.md "Answers")
    const none = { ...r.sent, ruleset: undefined, files: [] }
    if (!r.chosen) return { ...none, version: '', outcome: r.outcome }
    const resolved = { ...r.sent, version: r.version }
    if (!analysis) {
      const message = `No static-analysis information for ${r.purl}@${r.version}`
      return { ...none, ...resolved, outcome: { code: 'NO_INFO', message } }
    }
    return { ...resolved, ruleset: analysis.ruleset, files: analysis.files, outcome: SUCCESS }
  })
}
