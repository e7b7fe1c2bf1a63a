// POST /v2/cryptography/hints/components (spec #8): hints of many component versions.
import { cryptoRoute } from './crypto-route.ts'
import { HINTS } from './kinds.ts'

export const registerPostHintsComponents = cryptoRoute('POST', HINTS, ['/v2/cryptography/hints/components'])
