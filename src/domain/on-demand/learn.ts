// answerLearning(): answers a batch; for the references whose answer lacks what a fetch could bring (a package of a
// purl type one of the port's `sources` holds: npm's, Debian's own), asks the on-demand port for it (one request per
// package, whatever the number of references), then answers those references again if their package arrived within
// the wait. The rest keep their answer, saying the package is being fetched, or why its source could not give it
// (not-learned.ts). Request order is kept.
import type { ComponentRef } from '../catalog/resolve-batch.ts'
import type { Outcome } from '../shared/outcome.ts'
import { splitVersion, tryParsePurl } from '../shared/purl.ts'
import { notLearned } from './not-learned.ts'
import type { LearnableSource, LearnContext, Learned, LearnRequest, LearnSource, Need } from './types.ts'

const BEING_FETCHED = 'the component is being fetched from its registry: ask again shortly'

/** The default reading of an outcome: unknown component or version → metadata; a version not analyzed → analysis. */
export function needOf(outcome: Outcome): Need | undefined {
  if (outcome.code === 'COMPONENT_NOT_FOUND' || outcome.code === 'VERSION_NOT_FOUND') return 'metadata'
  if (outcome.code === 'NO_INFO') return 'analysis'
  return undefined
}

/**
 * How an area's answer tells what it lacks, and how it says what became of the fetch: `note` gives the answer with
 * each of its outcomes retold by `say` (its component is being fetched, or could not be learned and why).
 */
export interface Learnable<T> {
  need(answer: T): Need | undefined
  note(answer: T, say: (o: Outcome) => Outcome): T
}

/** Answers that carry one outcome (licenses, cryptography, semgrep, vulnerabilities, …). */
export function byOutcome<T extends { outcome: Outcome }>(): Learnable<T> {
  return { need: (a) => needOf(a.outcome), note: (a, say) => ({ ...a, outcome: say(a.outcome) }) }
}

/**
 * Answers only an analysis brings (cryptography, issues, notices): whatever they lack, a request waits for the
 * package's analysis, not only for it to be known (on-demand/service.ts queues both phases).
 */
export function analysisOnly<T extends { outcome: Outcome }>(): Learnable<T> {
  const all = byOutcome<T>()
  return { ...all, need: (a) => (needOf(a.outcome) ? 'analysis' : undefined) }
}

/** Answers whose missing parts no analysis brings (vulnerabilities): only an unknown component or version is a need. */
export function metadataOnly<T extends { outcome: Outcome }>(): Learnable<T> {
  const all = byOutcome<T>()
  return { ...all, need: (a) => (needOf(a.outcome) === 'metadata' ? 'metadata' : undefined) }
}

export async function answerLearning<T>(
  refs: readonly ComponentRef[],
  answer: (refs: readonly ComponentRef[]) => Promise<T[]>,
  ctx: LearnContext,
  { need, note }: Learnable<T>,
  /** The batch's answers when the caller has them already (else asked of `answer`). */
  known?: T[],
): Promise<T[]> {
  const first = known ?? (await answer(refs))
  if (!ctx.port) return first
  const { requests, keys } = learnRequests(
    refs.map((ref, i) => ({ ref, need: need(first[i] as T) })),
    ctx.port.sources,
  )
  if (requests.length === 0) return first
  const states = await ctx.port.learn(requests, ctx.who)
  const of = (i: number) => states.get(keys[i] ?? '')
  const again = refs.flatMap((_, i) => (of(i)?.state === 'done' ? [i] : []))
  const second = again.length > 0 ? await answer(again.map((i) => refs[i] as ComponentRef)) : []
  const fresh = new Map(again.map((i, j) => [i, second[j] as T]))
  return first.map((a, i) => fresh.get(i) ?? told(a, of(i), note))
}

/** An answer whose package did not arrive, saying what became of its fetch: under way, or why it could not be. */
function told<T>(answer: T, learned: Learned | undefined, note: Learnable<T>['note']): T {
  if (learned?.state === 'pending') return note(answer, beingFetched)
  if (learned?.state === 'failed') return note(answer, (o) => notLearned(o, learned.reason))
  return answer
}

/**
 * The port's requests for references and what each lacks: one per package, with every version or requirement its
 * references named; `keys[i]` is the i-th reference's package key (learnKey), none when nothing is to be fetched.
 */
export function learnRequests(
  wants: readonly { ref: ComponentRef; need: Need | undefined }[],
  /** The port's sources: a reference no source holds is not fetched. */
  sources: readonly LearnableSource[],
): {
  requests: LearnRequest[]
  keys: (string | undefined)[]
} {
  const wanted = new Map<string, LearnRequest>()
  const keys = wants.map(({ ref, need: n }) => {
    const target = n ? learnTarget(ref, sources) : undefined
    if (!n || !target) return undefined
    const key = learnKey(target)
    const r = wanted.get(key) ?? { source: target.source, name: target.name, asked: [], need: n }
    if (!r.asked.includes(target.asked)) r.asked.push(target.asked)
    if (n === 'analysis') r.need = 'analysis'
    wanted.set(key, r)
    return key
  })
  return { requests: [...wanted.values()], keys }
}

/** A package's key in the port's answer: one package of one source. */
export function learnKey(r: { source: LearnSource; name: string }): string {
  return `${r.source}:${r.name}`
}

/** An outcome that says its component is being fetched. */
function beingFetched(o: Outcome): Outcome {
  return { code: o.code, message: `${o.message}; ${BEING_FETCHED}` }
}

/**
 * The package a reference names, its source, and the version or requirement it asks for; none when no source holds
 * it.
 */
function learnTarget(
  ref: ComponentRef,
  sources: readonly LearnableSource[],
): { source: LearnSource; name: string; asked: string } | undefined {
  const { purl, version } = splitVersion(ref.purl ?? '')
  const p = tryParsePurl(purl)
  if (!p) return undefined
  for (const s of sources) {
    const name = s.purlTypes.includes(p.type) ? s.nameOf(p) : undefined
    if (name !== undefined) return { source: s.source, name, asked: (version ?? ref.requirement ?? '').trim() }
  }
  return undefined
}
