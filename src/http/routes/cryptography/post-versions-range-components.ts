// POST version coverage in a range: the spec's path (#6, singular 'version') and the reference's and scanoss-py's ('versions').
import { cryptoRoute } from './crypto-route.ts'
import { VERSIONS_IN_RANGE } from './kinds.ts'

export const registerPostVersionsRangeComponents = cryptoRoute('POST', VERSIONS_IN_RANGE, [
  '/v2/cryptography/algorithms/version/range/components',
  '/v2/cryptography/algorithms/versions/range/components',
])
