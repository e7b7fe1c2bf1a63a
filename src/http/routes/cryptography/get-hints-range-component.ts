// GET /v2/cryptography/hints/range/component (reference §2 row 8): hints across a range.
import { cryptoRoute } from './crypto-route.ts'
import { HINTS_IN_RANGE } from './kinds.ts'

export const registerGetHintsRangeComponent = cryptoRoute('GET', HINTS_IN_RANGE, [
  '/v2/cryptography/hints/range/component',
])
