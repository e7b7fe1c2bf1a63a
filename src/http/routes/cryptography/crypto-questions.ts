// The cryptography endpoints (docs/cryptography.md): five questions, each served as a single GET and a batch POST
// through the one component-question pattern (http/shared/component-route.ts), some at two paths (the proto's and the
// one the SCANOSS clients call; docs/api-behaviour.md "Cryptography"). Each answer carries `error_code`/`error_message`
// and, with the same values, the `info_code`/`info_message` newer SCANOSS clients read.
import type { FastifyRequest } from 'fastify'
import type { TSchema } from 'typebox'
import type { ComponentRef } from '../../../domain/catalog/resolve-batch.ts'
import {
  algorithmsAnswer,
  algorithmsInRangeAnswer,
  hintsAnswer,
  hintsInRangeAnswer,
  versionsInRangeAnswer,
} from '../../../domain/cryptography/answers.ts'
import { type CryptoSubject, cryptoInRange, cryptoOfVersions } from '../../../domain/cryptography/component-crypto.ts'
import {
  AlgorithmsInRangeResultSchema,
  AlgorithmsResultSchema,
  HintsInRangeResultSchema,
  HintsResultSchema,
  VersionsInRangeResultSchema,
} from '../../schemas/cryptography.ts'
import { outcomeFields, statusWithDb } from '../../shared/batch.ts'
import { type ComponentQuestion, IN_ORDER, serveBatch, serveSingle } from '../../shared/component-route.ts'
import { learnByOutcome } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { versionsInRangeWire } from './crypto-wire.ts'

interface Kind {
  summary: string
  description: string
  result: TSchema
  subjects: typeof cryptoOfVersions
  answer(s: CryptoSubject): object
}

const RANGE =
  'The requirement must be a range or a version (an empty requirement, `*` or `v*` is INVALID_SEMVER); versions ' +
  'are listed in ascending order.'

function question(kind: Kind): ComponentQuestion<CryptoSubject> {
  return {
    area: 'cryptography',
    result: kind.result,
    answer: (refs: readonly ComponentRef[], deps: AppDeps, req: FastifyRequest) =>
      learnByOutcome(deps, req, refs, (r) => kind.subjects(r, deps.services), 'analysis'),
    wire: (s) => ({ ...kind.answer(s), ...outcomeFields(s.outcome) }),
    status: (deps) => statusWithDb(deps, 'Success'),
  }
}

/** A question's registration functions: its single GET and its batch POST, each at its paths. */
function endpoints(kind: Kind) {
  const q = question(kind)
  const single = { summary: kind.summary, description: kind.description }
  const batch = { summary: kind.summary, description: `${kind.description} ${IN_ORDER}` }
  return {
    get:
      (...paths: string[]) =>
      (app: App, deps: AppDeps) =>
        serveSingle(app, deps, q, paths, single),
    post:
      (...paths: string[]) =>
      (app: App, deps: AppDeps) =>
        serveBatch(app, deps, q, paths, batch),
  }
}

const ALGORITHMS = endpoints({
  summary: 'Cryptographic algorithms of a component version',
  description: 'Algorithms detected in the version the purl and requirement resolve to, names lower-cased.',
  result: AlgorithmsResultSchema,
  subjects: cryptoOfVersions,
  answer: algorithmsAnswer,
})

const ALGORITHMS_IN_RANGE = endpoints({
  summary: 'Cryptographic algorithms across a version range',
  description: `Analyzed versions in range with at least one algorithm, and the algorithms across them. ${RANGE}`,
  result: AlgorithmsInRangeResultSchema,
  subjects: cryptoInRange,
  answer: algorithmsInRangeAnswer,
})

const VERSIONS_IN_RANGE = endpoints({
  summary: 'Versions in a range with and without cryptography',
  description: `Analyzed versions in range with and without algorithms; versions never analyzed apart. ${RANGE}`,
  result: VersionsInRangeResultSchema,
  subjects: cryptoInRange,
  answer: (s) => versionsInRangeWire(versionsInRangeAnswer(s)),
})

const HINTS = endpoints({
  summary: 'Cryptographic libraries, protocols, SDKs and frameworks of a component version',
  description: 'Hints detected in the version the purl and requirement resolve to.',
  result: HintsResultSchema,
  subjects: cryptoOfVersions,
  answer: hintsAnswer,
})

const HINTS_IN_RANGE = endpoints({
  summary: 'Cryptographic hints across a version range',
  description: `Analyzed versions in range with at least one hint, and the hints across them. ${RANGE}`,
  result: HintsInRangeResultSchema,
  subjects: cryptoInRange,
  answer: hintsInRangeAnswer,
})

export const registerGetAlgorithmsComponent = ALGORITHMS.get('/v2/cryptography/algorithms/component')
export const registerPostAlgorithmsComponents = ALGORITHMS.post('/v2/cryptography/algorithms/components')
export const registerGetAlgorithmsRangeComponent = ALGORITHMS_IN_RANGE.get(
  '/v2/cryptography/algorithms/range/component',
)
export const registerPostAlgorithmsRangeComponents = ALGORITHMS_IN_RANGE.post(
  '/v2/cryptography/algorithms/range/components',
)
export const registerGetVersionsRangeComponent = VERSIONS_IN_RANGE.get(
  '/v2/cryptography/algorithms/versions/range/component',
)
// the singular 'version' path and the proto's and scanoss-py's 'versions' (docs/api-behaviour.md "Cryptography")
export const registerPostVersionsRangeComponents = VERSIONS_IN_RANGE.post(
  '/v2/cryptography/algorithms/version/range/components',
  '/v2/cryptography/algorithms/versions/range/components',
)
export const registerGetHintsComponent = HINTS.get('/v2/cryptography/hints/component')
export const registerPostHintsComponents = HINTS.post('/v2/cryptography/hints/components')
export const registerGetHintsRangeComponent = HINTS_IN_RANGE.get('/v2/cryptography/hints/range/component')
// the upstream gateway's path and the one scanoss-py calls
export const registerPostHintsRangeComponents = HINTS_IN_RANGE.post(
  '/v2/cryptography/hints/range/components',
  '/v2/cryptography/hints/components/range',
)
