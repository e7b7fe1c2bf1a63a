// The routes' way to answer with on-demand learning (domain/on-demand/learn.ts): the caller is its key, or its
// address when auth is off; without an on-demand port (ON_DEMAND=off) the answer is the KB's alone.
import type { FastifyRequest } from 'fastify'
import type { ComponentRef } from '../../domain/catalog/resolve-batch.ts'
import { analysisOnly, answerLearning, byOutcome, type Learnable, metadataOnly } from '../../domain/on-demand/learn.ts'
import type { LearnContext } from '../../domain/on-demand/types.ts'
import type { Outcome } from '../../domain/shared/outcome.ts'
import type { AppDeps } from '../types.ts'

export function learnAnswers<T>(
  deps: Pick<AppDeps, 'services'>,
  req: FastifyRequest,
  refs: readonly ComponentRef[],
  answer: (refs: readonly ComponentRef[]) => Promise<T[]>,
  learnable: Learnable<T>,
): Promise<T[]> {
  return answerLearning(refs, answer, learnContext(deps, req), learnable)
}

/** The on-demand port and who asks, for the domain functions that learn on their own (scans, transitive walks). */
export function learnContext(deps: Pick<AppDeps, 'services'>, req: FastifyRequest): LearnContext {
  return { port: deps.services.onDemand, who: req.principal ? `key:${req.principal.keyId}` : `ip:${req.ip}` }
}

/**
 * For answers with one outcome: unknown → metadata, not analyzed → analysis (or, `metadata`, only the first; or,
 * `analysis`, either one waits for the analysis).
 */
export function learnByOutcome<T extends { outcome: Outcome }>(
  deps: Pick<AppDeps, 'services'>,
  req: FastifyRequest,
  refs: readonly ComponentRef[],
  answer: (refs: readonly ComponentRef[]) => Promise<T[]>,
  needs: 'all' | 'metadata' | 'analysis' = 'all',
): Promise<T[]> {
  const learnable = { all: byOutcome<T>, metadata: metadataOnly<T>, analysis: analysisOnly<T> }[needs]()
  return learnAnswers(deps, req, refs, answer, learnable)
}
