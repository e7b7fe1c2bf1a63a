// The five kinds of cryptography question (reference §4.2); each is served as a single GET and a batch POST.
import {
  algorithmsAnswer,
  algorithmsInRangeAnswer,
  hintsAnswer,
  hintsInRangeAnswer,
  versionsInRangeAnswer,
} from '../../../domain/cryptography/answers.ts'
import { cryptoInRange, cryptoOfVersions } from '../../../domain/cryptography/component-crypto.ts'
import {
  AlgorithmsInRangeResultSchema,
  AlgorithmsResultSchema,
  HintsInRangeResultSchema,
  HintsResultSchema,
  VersionsInRangeResultSchema,
} from '../../schemas/cryptography.ts'
import type { CryptoEndpoint } from './crypto-route.ts'

type Kind = Omit<CryptoEndpoint, 'paths'>

const RANGE =
  'The requirement must be a range or a version (an empty requirement, `*` or `v*` is INVALID_SEMVER); versions ' +
  'are listed in ascending order.'

export const ALGORITHMS: Kind = {
  summary: 'Cryptographic algorithms of a component version',
  description: 'Algorithms detected in the version the purl and requirement resolve to, names lower-cased.',
  result: AlgorithmsResultSchema,
  subjects: (refs, deps) => cryptoOfVersions(refs, deps.services),
  answer: algorithmsAnswer,
}

export const ALGORITHMS_IN_RANGE: Kind = {
  summary: 'Cryptographic algorithms across a version range',
  description: `Analyzed versions in range with at least one algorithm, and the algorithms across them. ${RANGE}`,
  result: AlgorithmsInRangeResultSchema,
  subjects: (refs, deps) => cryptoInRange(refs, deps.services),
  answer: algorithmsInRangeAnswer,
}

export const VERSIONS_IN_RANGE: Kind = {
  summary: 'Versions in a range with and without cryptography',
  description: `Analyzed versions in range with and without algorithms; versions never analyzed apart. ${RANGE}`,
  result: VersionsInRangeResultSchema,
  subjects: (refs, deps) => cryptoInRange(refs, deps.services),
  answer: versionsInRangeAnswer,
}

export const HINTS: Kind = {
  summary: 'Cryptographic libraries, protocols, SDKs and frameworks of a component version',
  description: 'Hints detected in the version the purl and requirement resolve to.',
  result: HintsResultSchema,
  subjects: (refs, deps) => cryptoOfVersions(refs, deps.services),
  answer: hintsAnswer,
}

export const HINTS_IN_RANGE: Kind = {
  summary: 'Cryptographic hints across a version range',
  description: `Analyzed versions in range with at least one hint, and the hints across them. ${RANGE}`,
  result: HintsInRangeResultSchema,
  subjects: (refs, deps) => cryptoInRange(refs, deps.services),
  answer: hintsInRangeAnswer,
}
