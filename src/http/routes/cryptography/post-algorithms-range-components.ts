// POST /v2/cryptography/algorithms/range/components (spec #4, POST with a body as the detailed reference says).
import { cryptoRoute } from './crypto-route.ts'
import { ALGORITHMS_IN_RANGE } from './kinds.ts'

export const registerPostAlgorithmsRangeComponents = cryptoRoute('POST', ALGORITHMS_IN_RANGE, [
  '/v2/cryptography/algorithms/range/components',
])
