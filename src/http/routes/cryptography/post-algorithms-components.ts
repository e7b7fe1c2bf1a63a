// POST /v2/cryptography/algorithms/components (spec #2): algorithms of many component versions.
import { cryptoRoute } from './crypto-route.ts'
import { ALGORITHMS } from './kinds.ts'

export const registerPostAlgorithmsComponents = cryptoRoute('POST', ALGORITHMS, [
  '/v2/cryptography/algorithms/components',
])
