// On-demand learning from a scan (docs/kb-growth.md "Dependencies and scans"): the versions a scan's answer names that
// the KB lacks are queued, so that a later scan of the same files answers from them; the scan itself is answered at
// once (its answer cannot change while it waits). Named are: the dependencies of each matched version (its
// dependencies block), the newest version of a snippet-matched component when the KB never walked its files (the
// scanned file may come from it), and the versions an SBOM context identifies.
import { type ComponentRef, resolveBatch } from '../catalog/resolve-batch.ts'
import type { CatalogReader } from '../catalog/types.ts'
import type { AnalysisReader } from '../components/types.ts'
import { WALKED_OUTPUT } from '../dependencies/learning.ts'
import { classifySpecifier, npmPurl } from '../dependencies/specifier.ts'
import { learnRequests } from '../on-demand/learn.ts'
import type { LearnContext, Need } from '../on-demand/types.ts'
import { splitVersion } from '../shared/purl.ts'
import type { SbomContext } from './component-choice.ts'
import type { FileMatch } from './scan.ts'
import type { ScanBlocks } from './scan-blocks.ts'

/** References looked at per scan, at most (the per-caller budget bounds the fetches). */
const MAX_REFS = 1000

export interface ScanLearningPorts {
  catalog: CatalogReader
  analyses: AnalysisReader
}

/**
 * Queues what the answer names that the KB lacks (without waiting for it); returns the purls (without version) of
 * the packages now being fetched, for the answer to say so. Without an on-demand port: nothing.
 */
export async function learnFromScan(
  matches: readonly FileMatch[],
  blocks: ReadonlyMap<FileMatch, ScanBlocks>,
  context: SbomContext | undefined,
  ports: ScanLearningPorts,
  ctx: LearnContext,
): Promise<string[]> {
  if (!ctx.port) return []
  const refs = namedRefs(matches, blocks, context)
  if (refs.length === 0) return []
  const resolved = await resolveBatch(refs, ports.catalog)
  const ids = resolved.flatMap((r) => (r.chosen ? [r.chosen.id] : []))
  const walked = ids.length > 0 ? await ports.analyses.outputs(ids, WALKED_OUTPUT) : new Map<number, unknown>()
  const wants = refs.map((ref, i) => {
    const r = resolved[i]
    let need: Need | undefined
    if (r?.chosen) need = walked.has(r.chosen.id) ? undefined : 'analysis'
    else if (r?.outcome.code === 'COMPONENT_NOT_FOUND' || r?.outcome.code === 'VERSION_NOT_FOUND') need = 'metadata'
    return { ref, need }
  })
  const { requests, keys } = learnRequests(wants, ctx.port.sources)
  if (requests.length === 0) return []
  const states = await ctx.port.learn(requests, ctx.who, 0)
  const fetching = new Set<string>()
  for (const [i, { ref }] of wants.entries())
    if (states.get(keys[i] ?? '')?.state === 'pending') fetching.add(splitVersion(ref.purl).purl)
  return [...fetching]
}

/** The npm references a scan's answer names, once each, at most MAX_REFS. */
function namedRefs(
  matches: readonly FileMatch[],
  blocks: ReadonlyMap<FileMatch, ScanBlocks>,
  context: SbomContext | undefined,
): ComponentRef[] {
  const refs = new Map<string, ComponentRef>()
  const add = (ref: ComponentRef) => {
    if (refs.size < MAX_REFS) refs.set(`${ref.purl}\u0000${ref.requirement ?? ''}`, ref)
  }
  for (const m of matches) {
    if (!m.place.purl.startsWith('pkg:npm/')) continue
    const latest = m.place.latestVersion
    if (m.id === 'snippet' && latest && latest !== m.place.version) add({ purl: `${m.place.purl}@${latest}` })
    for (const d of blocks.get(m)?.dependencies ?? []) {
      const spec = classifySpecifier(d.component, d.version)
      if (spec.kind === 'registry') add({ purl: npmPurl(spec.name), requirement: spec.range })
    }
  }
  if (context?.kind === 'identify')
    for (const [purl, versions] of context.purls)
      for (const v of versions) if (v !== '' && purl.startsWith('pkg:npm/')) add({ purl: `${purl}@${v}` })
  return [...refs.values()]
}
