// GET /v2/cryptography/algorithms/component (spec #1): algorithms of one component version.
import { cryptoRoute } from './crypto-route.ts'
import { ALGORITHMS } from './kinds.ts'

export const registerGetAlgorithmsComponent = cryptoRoute('GET', ALGORITHMS, ['/v2/cryptography/algorithms/component'])
