// GET /v2/cryptography/hints/component (spec #7): hints of one component version.
import { cryptoRoute } from './crypto-route.ts'
import { HINTS } from './kinds.ts'

export const registerGetHintsComponent = cryptoRoute('GET', HINTS, ['/v2/cryptography/hints/component'])
