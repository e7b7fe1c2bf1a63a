// GET /v2/licenses/details (docs/licenses.md "`GET /v2/licenses/details`"): what the shipped SPDX License List and
// OSADL data say about a license id. Only facts they carry are given (docs/licenses.md); an id not on the list is 404.
import { Type } from 'typebox'
import { osadlLicense, osadlLicenseType } from '../../../domain/licenses/osadl.ts'
import type { SpdxLicense } from '../../../domain/licenses/spdx.ts'
import { responses, success } from '../../schemas/common.ts'
import { LicenseIdQuerySchema, OsadlSchema, SpdxDetailsSchema } from '../../schemas/licenses.ts'
import type { App } from '../../types.ts'
import { knownLicense, osadlItem } from './license-wire.ts'

const Reply = Type.Object({
  license: Type.Object({
    full_name: Type.String(),
    type: Type.String({
      description:
        'UNKNOWN, PERMISSIVE, COPYLEFT, COMMERCIAL, PROPRIETARY or PUBLIC_DOMAIN: COPYLEFT or PERMISSIVE from the ' +
        "OSADL checklist's copyleft clause, else UNKNOWN",
    }),
    spdx: SpdxDetailsSchema,
    osadl: Type.Optional(OsadlSchema),
  }),
  status: Type.Ref('Status'),
})

export function registerGetLicenseDetails(app: App): void {
  app.get(
    '/v2/licenses/details',
    {
      config: { area: 'licenses' },
      schema: {
        summary: 'SPDX details of a license',
        description:
          'Name, SPDX URLs, deprecation and OSI approval from the SPDX License List shipped with compintel; the ' +
          'OSADL block and the type from the shipped OSADL data (omitted / UNKNOWN where OSADL has nothing). ' +
          'is_fsf_libre is omitted (no source); an id not on the list is 404 NOT_FOUND.',
        tags: ['licenses'],
        querystring: LicenseIdQuerySchema,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      const license = knownLicense(req.query.id)
      const osadl = osadlLicense(license.id)
      return {
        license: {
          full_name: license.name,
          type: osadlLicenseType(license.id),
          spdx: spdxDetails(license),
          ...(osadl && { osadl: osadlItem(osadl) }),
        },
        status: success('License details retrieved successfully'),
      }
    },
  )
}

function spdxDetails(l: SpdxLicense) {
  return {
    id: l.id,
    full_name: l.name,
    details_url: `https://spdx.org/licenses/${l.id}.json`,
    reference_url: l.spdxUrl,
    is_deprecated: l.deprecated,
    is_osi_approved: l.osiApproved,
    // spdx-license-list keeps the first of SPDX's seeAlso links only; a few licenses have none
    see_also: l.url ? [l.url] : [],
    cross_refs: [],
    exceptions: [],
  }
}
