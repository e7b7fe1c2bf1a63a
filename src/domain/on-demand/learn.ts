// answerLearning(): answers a batch; for the npm references whose answer lacks what a fetch could bring, asks the
// on-demand port for it (one request per package, whatever the number of references), then answers those
// references again if their package arrived within the wait. The rest keep their answer, saying the package is
// being fetched. Request order is kept.
import type { ComponentRef } from '../catalog/resolve-batch.ts'
import type { Outcome } from '../shared/outcome.ts'
import { purlName, splitVersion, tryParsePurl } from '../shared/purl.ts'
import type { LearnContext, LearnRequest, Need } from './types.ts'

const BEING_FETCHED = 'the component is being fetched from its registry: ask again shortly'

/** The default reading of an outcome: unknown component or version → metadata; a version not analyzed → analysis. */
export function needOf(outcome: Outcome): Need | undefined {
  if (outcome.code === 'COMPONENT_NOT_FOUND' || outcome.code === 'VERSION_NOT_FOUND') return 'metadata'
  if (outcome.code === 'NO_INFO') return 'analysis'
  return undefined
}

/** How an area's answer tells what it lacks, and how it says that its component is being fetched. */
export interface Learnable<T> {
  need(answer: T): Need | undefined
  pending(answer: T): T
}

/** Answers that carry one outcome (licenses, cryptography, semgrep, vulnerabilities, …). */
export function byOutcome<T extends { outcome: Outcome }>(): Learnable<T> {
  return { need: (a) => needOf(a.outcome), pending: (a) => ({ ...a, outcome: beingFetched(a.outcome) }) }
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
  { need, pending }: Learnable<T>,
): Promise<T[]> {
  const first = await answer(refs)
  if (!ctx.port) return first
  const wanted = new Map<string, LearnRequest>()
  const names = refs.map((ref, i) => {
    const n = need(first[i] as T)
    const target = n ? npmTarget(ref) : undefined
    if (!n || !target) return undefined
    const r = wanted.get(target.name) ?? { name: target.name, asked: [], need: n }
    if (!r.asked.includes(target.asked)) r.asked.push(target.asked)
    if (n === 'analysis') r.need = 'analysis'
    wanted.set(target.name, r)
    return target.name
  })
  if (wanted.size === 0) return first
  const states = await ctx.port.learn([...wanted.values()], ctx.who)
  const again = refs.flatMap((_, i) => (states.get(names[i] ?? '') === 'done' ? [i] : []))
  const second = again.length > 0 ? await answer(again.map((i) => refs[i] as ComponentRef)) : []
  const fresh = new Map(again.map((i, j) => [i, second[j] as T]))
  return first.map((a, i) => fresh.get(i) ?? (states.get(names[i] ?? '') === 'pending' ? pending(a) : a))
}

/** An outcome that says its component is being fetched. */
export function beingFetched(o: Outcome): Outcome {
  return { code: o.code, message: `${o.message}; ${BEING_FETCHED}` }
}

/** The npm package a reference names and the version or requirement it asks for; none for other types. */
function npmTarget(ref: ComponentRef): { name: string; asked: string } | undefined {
  const { purl, version } = splitVersion(ref.purl ?? '')
  const p = tryParsePurl(purl)
  // a purl naming another repository (repository_url) is not the configured registry's to answer
  if (p?.type !== 'npm' || p.qualifiers?.repository_url) return undefined
  return { name: purlName(p), asked: (version ?? ref.requirement ?? '').trim() }
}
