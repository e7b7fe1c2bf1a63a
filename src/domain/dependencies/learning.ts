// On-demand learning in the dependencies area (docs/kb-growth.md "Dependencies and scans"): the legacy call fetches the
// packages its purls name that the KB lacks (and analyzes the npm versions they name that the KB has never walked, so
// a later scan of those files file-matches); the transitive walk fetches the inputs and the registry packages it
// lists without a version, then walks again if they arrived within the wait.
import type { ComponentRef } from '../catalog/resolve-batch.ts'
import type { AnalysisReader } from '../components/types.ts'
import { answerLearning, beingFetched, type Learnable, learnRequests } from '../on-demand/learn.ts'
import type { LearnContext, LearnState } from '../on-demand/types.ts'
import {
  type DependencyFileInput,
  dependencyFiles,
  type FileDependencies,
  type FileDependency,
  type LegacyPorts,
} from './legacy.ts'
import {
  type TransitivePorts,
  type TransitiveRequest,
  type TransitiveResult,
  transitiveDependencies,
} from './transitive.ts'

/** The output every walk of a version's files stores (storage/kb-writer.ts): its presence marks a walked version. */
export const WALKED_OUTPUT = 'files'

const BEING_FETCHED = 'being fetched from their registry: ask again shortly'

export interface LegacyLearningPorts extends LegacyPorts {
  analyses: AnalysisReader
}

type Answer = FileDependency & { walked: boolean }

/** A dependency answer's need: an unknown component or version, or a shown version whose files were never walked. */
const DEPENDENCY_LEARNABLE: Learnable<Answer> = {
  need(d) {
    const code = d.outcome.code
    if (code === 'COMPONENT_NOT_FOUND' || code === 'VERSION_NOT_FOUND' || code === 'REQUIREMENT_NOT_MET')
      return 'metadata'
    if (d.versionId === undefined || d.walked) return undefined
    // a version without license found: its files may name one; an npm version with one: a later scan file-matches it
    return code === 'NO_INFO' || d.purl.startsWith('pkg:npm/') ? 'analysis' : undefined
  },
  // a complete answer stays as it is while its version is analyzed for later scans
  pending: (d) => (d.outcome.code === 'SUCCESS' ? d : { ...d, outcome: beingFetched(d.outcome) }),
}

/** dependencyFiles() learning what the KB lacks; without an on-demand port, the KB's answer alone. */
export async function dependencyFilesLearning(
  files: readonly DependencyFileInput[],
  ports: LegacyLearningPorts,
  ctx: LearnContext,
): Promise<FileDependencies[]> {
  if (!ctx.port) return dependencyFiles(files, ports)
  const refs = files.flatMap((f) => f.purls)
  const answers = await answerLearning(refs, (r) => answersOf(r, ports), ctx, DEPENDENCY_LEARNABLE)
  let i = 0
  return files.map((f) => ({
    file: f.file,
    dependencies: f.purls.map(() => {
      const { walked: _, ...d } = answers[i++] as Answer
      return d
    }),
  }))
}

/** The references' answers, each marked with whether its version's files were walked (one more read per batch). */
async function answersOf(refs: readonly ComponentRef[], ports: LegacyLearningPorts): Promise<Answer[]> {
  const [file] = await dependencyFiles([{ file: '', purls: refs }], ports)
  const list = file?.dependencies ?? []
  const ids = list.flatMap((d) => (d.versionId === undefined ? [] : [d.versionId]))
  const walked = ids.length > 0 ? await ports.analyses.outputs(ids, WALKED_OUTPUT) : new Map<number, unknown>()
  return list.map((d) => ({ ...d, walked: d.versionId !== undefined && walked.has(d.versionId) }))
}

/**
 * transitiveDependencies() learning what the KB lacks: the inputs it does not know and the registry packages the walk
 * lists without a version are fetched (one request per package, the requirement asked); if any arrived within the
 * wait the walk is done again, and what it newly lists without a version is queued for the next request. How many are
 * still under way is said in the status message.
 */
export async function transitiveLearning(
  req: TransitiveRequest,
  ports: TransitivePorts,
  ctx: LearnContext,
): Promise<TransitiveResult> {
  const first = await transitiveDependencies(req, ports)
  if (!ctx.port || !first.ok) return first
  const states = await learnMissing(first.missing, ctx)
  let result: TransitiveResult = first
  if ([...states.values()].includes('done')) {
    result = await transitiveDependencies(req, ports)
    if (result.ok) for (const [key, state] of await learnMissing(result.missing, ctx, 0)) states.set(key, state)
  }
  const pending = [...states.values()].filter((s) => s === 'pending').length
  if (!result.ok || pending === 0) return result
  return { ...result, message: `${result.message}; ${pending} component(s) ${BEING_FETCHED}` }
}

/** Asks the port for the packages of these references (waiting at most `waitMs`, default the port's); their states. */
async function learnMissing(
  missing: readonly ComponentRef[],
  ctx: LearnContext,
  waitMs?: number,
): Promise<Map<string, LearnState>> {
  const { requests } = learnRequests(missing.map((ref) => ({ ref, need: 'metadata' as const })))
  if (requests.length === 0 || !ctx.port) return new Map()
  return ctx.port.learn(requests, ctx.who, waitMs)
}
