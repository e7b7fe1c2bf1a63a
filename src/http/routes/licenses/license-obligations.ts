// GET /v2/licenses/obligations (docs/licenses.md "`GET /v2/licenses/obligations`"): compintel ships no obligations
// source (OSADL), so a known id gets the empty shape with info_code NO_INFO, and unknown facts are omitted, never
// defaulted.
import { Type } from 'typebox'
import { responses } from '../../schemas/common.ts'
import { LicenseIdQuerySchema, ObligationsSchema } from '../../schemas/licenses.ts'
import type { App } from '../../types.ts'
import { knownLicense } from './license-wire.ts'

const Reply = Type.Object({ obligations: ObligationsSchema, status: Type.Ref('Status') })

export function registerGetLicenseObligations(app: App): void {
  app.get(
    '/v2/licenses/obligations',
    {
      config: { area: 'licenses' },
      schema: {
        summary: 'Obligations of a license',
        description:
          'No obligations data is available in compintel: a license on the SPDX list gets empty lists, no ' +
          'copyleft_clause/patent_hints, and info_code NO_INFO; an id not on the list is 404 NOT_FOUND.',
        tags: ['licenses'],
        querystring: LicenseIdQuerySchema,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      const license = knownLicense(req.query.id)
      return {
        obligations: {
          compatibility: [],
          depending_compatibility: [],
          incompatibility: [],
          use_cases: [],
          info_code: 'NO_INFO',
          info_message: `No obligations data available for ${license.id}`,
        },
        status: { status: 'SUCCESS', message: 'No license obligations data is available in this service' },
      }
    },
  )
}
