// On-demand learning in the dependencies area (docs/kb-growth.md "Dependencies and scans"): the legacy call fetches the
// packages its purls name that the KB lacks (and queues, without waiting, the analysis of the npm versions they name
// whose files the KB never walked, so a later scan of those files file-matches); the transitive walk fetches the inputs and the registry packages it
// lists without a version, then walks again if they arrived within the wait.
import type { ComponentRef } from '../catalog/resolve-batch.ts'
import type { AnalysisReader } from '../components/types.ts'
import { answerLearning, type Learnable, learnRequests } from '../on-demand/learn.ts'
import type { LearnContext, Learned } from '../on-demand/types.ts'
import { splitVersion } from '../shared/purl.ts'
import {
  type DependencyFileInput,
  dependencyFiles,
  type FileDependencies,
  type FileDependency,
  type LegacyPorts,
} from './legacy.ts'
import { type TransitiveRequest, type TransitiveResult, transitiveDependencies } from './transitive.ts'
import { learningSummary, type NotLearned } from './transitive-summary.ts'
import type { TransitivePorts } from './transitive-walk.ts'

/**
 * The output every walk of a version's files stores (storage/analysis-writer.ts): its presence marks a walked
 * version.
 */
export const WALKED_OUTPUT = 'files'

export interface LegacyLearningPorts extends LegacyPorts {
  analyses: AnalysisReader
}

type Answer = FileDependency & { walked: boolean }

/** What a fetch changes in a dependency answer: an unknown component or version, or a license its files may name. */
const DEPENDENCY_LEARNABLE: Learnable<Answer> = {
  need(d) {
    const code = d.outcome.code
    if (code === 'COMPONENT_NOT_FOUND' || code === 'VERSION_NOT_FOUND' || code === 'REQUIREMENT_NOT_MET')
      return 'metadata'
    return code === 'NO_INFO' && d.versionId !== undefined && !d.walked ? 'analysis' : undefined
  },
  note: (d, say) => ({ ...d, outcome: say(d.outcome) }),
}

/** A complete answer whose npm version the KB never walked: analyzed for later scans, without waiting for it. */
const forScans = (d: Answer) =>
  d.outcome.code === 'SUCCESS' && d.versionId !== undefined && !d.walked && d.purl.startsWith('pkg:npm/')

/** dependencyFiles() learning what the KB lacks; without an on-demand port, the KB's answer alone. */
export async function dependencyFilesLearning(
  files: readonly DependencyFileInput[],
  ports: LegacyLearningPorts,
  ctx: LearnContext,
): Promise<FileDependencies[]> {
  if (!ctx.port) return dependencyFiles(files, ports)
  const refs = files.flatMap((f) => f.purls)
  const first = await answersOf(refs, ports)
  const answers = await answerLearning(refs, (r) => answersOf(r, ports), ctx, DEPENDENCY_LEARNABLE, first)
  // queued after the waited work, which thus comes first within the caller's budget
  const walks = learnRequests(
    first.map((d, i) => ({ ref: refs[i] as ComponentRef, need: forScans(d) ? 'analysis' : undefined })),
    ctx.port.sources,
  )
  if (walks.requests.length > 0) await ctx.port.learn(walks.requests, ctx.who, 0)
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
 * still under way, and which could not be learned from their source and why, is said in the status message.
 */
export async function transitiveLearning(
  req: TransitiveRequest,
  ports: TransitivePorts,
  ctx: LearnContext,
): Promise<TransitiveResult> {
  const first = await transitiveDependencies(req, ports)
  if (!ctx.port || !first.ok) return first
  const { states, packages } = await learnMissing(first.missing, ctx)
  let result: TransitiveResult = first
  if ([...states.values()].some((s) => s.state === 'done')) {
    result = await transitiveDependencies(req, ports)
    if (result.ok) {
      const more = await learnMissing(result.missing, ctx, 0)
      for (const [key, state] of more.states) states.set(key, state)
      for (const [key, purl] of more.packages) if (!packages.has(key)) packages.set(key, purl)
    }
  }
  const pending = [...states.values()].filter((s) => s.state === 'pending').length
  const failed = [...packages].flatMap(([key, purl]): NotLearned[] => {
    const s = states.get(key)
    return s?.state === 'failed' ? [{ purl, reason: s.reason }] : []
  })
  if (!result.ok || (pending === 0 && failed.length === 0)) return result
  return { ...result, message: learningSummary(result.message, pending, failed) }
}

/**
 * Asks the port for the packages of these references (waiting at most `waitMs`, default the port's): their states,
 * and the purl (without version) each package was asked by, in the references' order, keyed as the states are.
 */
async function learnMissing(
  missing: readonly ComponentRef[],
  ctx: LearnContext,
  waitMs?: number,
): Promise<{ states: Map<string, Learned>; packages: Map<string, string> }> {
  const packages = new Map<string, string>()
  if (!ctx.port) return { states: new Map(), packages }
  const { requests, keys } = learnRequests(
    missing.map((ref) => ({ ref, need: 'metadata' as const })),
    ctx.port.sources,
  )
  keys.forEach((key, i) => {
    if (key !== undefined && !packages.has(key)) packages.set(key, splitVersion(missing[i]?.purl ?? '').purl)
  })
  if (requests.length === 0) return { states: new Map(), packages }
  return { states: await ctx.port.learn(requests, ctx.who, waitMs), packages }
}
