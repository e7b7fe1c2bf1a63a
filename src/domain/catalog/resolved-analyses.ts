// One analyzer's outputs for the versions a batch of references resolves to: one catalog resolution and one read
// of the analyses for the whole batch (the per-component areas built on analyzer outputs share it).
import type { AnalysisReader } from '../components/types.ts'
import { type ComponentRef, type Resolved, resolveBatch } from './resolve-batch.ts'
import type { CatalogReader, KnownVersion } from './types.ts'

export interface AnalysisPorts {
  catalog: CatalogReader
  analyses: AnalysisReader
}

/** A reference's resolution and the analyzer's output for its chosen version (undefined: none, or not analyzed). */
export interface ResolvedAnalysis<T> {
  resolved: Resolved
  analysis: T | undefined
}

export async function resolvedAnalyses<T>(
  refs: readonly ComponentRef[],
  ports: AnalysisPorts,
  analyzer: string,
): Promise<ResolvedAnalysis<T>[]> {
  const resolved = await resolveBatch(refs, ports.catalog)
  const outputs = await analysisOutputs<T>(
    resolved.flatMap((r) => (r.chosen ? [r.chosen] : [])),
    ports,
    analyzer,
  )
  return resolved.map((r) => ({ resolved: r, analysis: r.chosen ? outputs.get(r.chosen.id) : undefined }))
}

/** The analyzer's outputs of these versions by version id (one read; none when there are no versions). */
export async function analysisOutputs<T>(
  versions: readonly KnownVersion[],
  ports: Pick<AnalysisPorts, 'analyses'>,
  analyzer: string,
): Promise<Map<number, T>> {
  if (versions.length === 0) return new Map()
  return (await ports.analyses.outputs(
    versions.map((v) => v.id),
    analyzer,
  )) as Map<number, T>
}
