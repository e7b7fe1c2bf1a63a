// POST hints across a range: the reference's path (§2 row 9) and the one scanoss-py calls (clients.md).
import { cryptoRoute } from './crypto-route.ts'
import { HINTS_IN_RANGE } from './kinds.ts'

export const registerPostHintsRangeComponents = cryptoRoute('POST', HINTS_IN_RANGE, [
  '/v2/cryptography/hints/range/components',
  '/v2/cryptography/hints/components/range',
])
