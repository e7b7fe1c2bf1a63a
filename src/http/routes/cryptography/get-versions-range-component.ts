// GET /v2/cryptography/algorithms/versions/range/component (spec #5): version coverage in a range.
import { cryptoRoute } from './crypto-route.ts'
import { VERSIONS_IN_RANGE } from './kinds.ts'

export const registerGetVersionsRangeComponent = cryptoRoute('GET', VERSIONS_IN_RANGE, [
  '/v2/cryptography/algorithms/versions/range/component',
])
