// Which VEX statement answers each finding (docs/sbom.md "VEX"): a statement applies when one of the finding's names
// (its id or an alias) is one of the statement's (compared upper-cased: CVE-…, GHSA-…) and its component is the
// finding's (type, namespace and name as purlName keys them; a statement with a version only for that version, one
// without for every version). Of those that apply, the most specific wins — one naming the version over one that does
// not —, then the later document (the input BOM's own analysis first, then the VEX documents in the order sent), then
// the later statement inside it.
import { purlName, tryParsePurl } from '../shared/purl.ts'
import type { VexAnalysis, VexStatement } from './statement.ts'
import { vulnKey } from './statement.ts'

export interface VexFinding {
  id: string
  aliases: readonly string[]
  /** The component's purl; `version` when the version the finding is of is not the purl's (a resolved range). */
  purl: string
  version?: string
}

export type VexApplied<F> = F & { analysis?: VexAnalysis; analysisSource?: string }

export function applyVex<F extends VexFinding>(
  findings: readonly F[],
  statements: readonly VexStatement[],
): VexApplied<F>[] {
  const byName = new Map<string, VexStatement[]>()
  for (const s of statements) for (const id of new Set(s.ids)) byName.set(id, [...(byName.get(id) ?? []), s])
  return findings.map((f) => {
    const p = tryParsePurl(f.purl)
    if (!p || byName.size === 0) return f
    const key = `${p.type}/${purlName(p)}`
    const version = f.version || p.version
    const names = new Set([f.id, ...f.aliases].map(vulnKey))
    let best: VexStatement | undefined
    for (const name of names)
      for (const s of byName.get(name) ?? []) {
        if (s.component.key !== key) continue
        if (s.component.version !== undefined && s.component.version !== version) continue
        if (!best || outranks(s, best)) best = s
      }
    return best ? { ...f, analysis: best.analysis, analysisSource: best.source } : f
  })
}

function outranks(a: VexStatement, b: VexStatement): boolean {
  const specific = Number(a.component.version !== undefined) - Number(b.component.version !== undefined)
  if (specific !== 0) return specific > 0
  return a.rank !== b.rank ? a.rank > b.rank : a.order > b.order
}

/** Whether a finding's analysis takes it out of a verdict: the component is not affected, or the finding is false. */
export function isSuppressed(finding: { analysis?: VexAnalysis }): boolean {
  return finding.analysis?.state === 'not_affected' || finding.analysis?.state === 'false_positive'
}
