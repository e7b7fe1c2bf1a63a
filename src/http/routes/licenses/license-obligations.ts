// GET /v2/licenses/obligations (docs/licenses.md "`GET /v2/licenses/obligations`"): what OSADL's shipped data says
// about a license (domain/licenses/osadl.ts): its checklist's use cases, copyleft clause and patent hints, its row of
// the compatibility matrix. A license on the SPDX list that OSADL does not cover gets the empty shape with info_code
// NO_INFO; unknown facts are omitted, never defaulted.
import { Type } from 'typebox'
import { osadlLicense } from '../../../domain/licenses/osadl.ts'
import { responses, success } from '../../schemas/common.ts'
import { LicenseIdQuerySchema, ObligationsSchema } from '../../schemas/licenses.ts'
import type { App } from '../../types.ts'
import { knownLicense, osadlItem } from './license-wire.ts'

const Reply = Type.Object({ obligations: ObligationsSchema, status: Type.Ref('Status') })

export function registerGetLicenseObligations(app: App): void {
  app.get(
    '/v2/licenses/obligations',
    {
      config: { area: 'licenses' },
      schema: {
        summary: 'Obligations of a license',
        description:
          "OSADL's obligations checklist (use cases, copyleft clause, patent hints) and compatibility matrix row for " +
          'a license, from the OSADL data shipped with compintel. A license on the SPDX list that OSADL does not ' +
          'cover gets empty lists and info_code NO_INFO; an id not on the list is 404 NOT_FOUND.',
        tags: ['licenses'],
        querystring: LicenseIdQuerySchema,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      const license = knownLicense(req.query.id)
      const osadl = osadlLicense(license.id)
      if (osadl) return { obligations: osadlItem(osadl), status: success('License obligations retrieved successfully') }
      return {
        obligations: {
          compatibility: [],
          depending_compatibility: [],
          incompatibility: [],
          use_cases: [],
          info_code: 'NO_INFO',
          info_message: `No obligations data available for ${license.id}`,
        },
        status: { status: 'SUCCESS', message: `OSADL has no obligations data on ${license.id}` },
      }
    },
  )
}
