// GET /v2/cryptography/algorithms/range/component (spec #3): algorithms across a range.
import { cryptoRoute } from './crypto-route.ts'
import { ALGORITHMS_IN_RANGE } from './kinds.ts'

export const registerGetAlgorithmsRangeComponent = cryptoRoute('GET', ALGORITHMS_IN_RANGE, [
  '/v2/cryptography/algorithms/range/component',
])
