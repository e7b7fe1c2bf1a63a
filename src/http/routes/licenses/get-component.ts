// GET /v2/licenses/component (spec #18, reference §3.4 and §4.5): the licenses of one component version.
import { Type } from 'typebox'
import { componentLicenses } from '../../../domain/licenses/component-licenses.ts'
import { responses, success } from '../../schemas/common.ts'
import { ComponentQuerySchema } from '../../schemas/components.ts'
import { LicenseResultSchema } from '../../schemas/licenses.ts'
import { learnByOutcome } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { licenseResultItem } from './wire.ts'

const Reply = Type.Object({ component: LicenseResultSchema, status: Type.Ref('Status') })

export function registerGetLicensesComponent(app: App, deps: AppDeps): void {
  app.get(
    '/v2/licenses/component',
    {
      config: { area: 'licenses', cacheable: true },
      schema: {
        summary: 'Licenses of a component',
        description:
          'The declared SPDX expression (else the detected licenses joined with AND) and every license found, ' +
          'declared first. A version without license facts is answered from the nearest version that has some ' +
          '(REQUIREMENT_NOT_MET when that version does not satisfy the requirement). Problems with the component ' +
          'come back as info_code/info_message with HTTP 200.',
        tags: ['licenses'],
        querystring: ComponentQuerySchema,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      const [one] = await learnByOutcome(deps, req, [req.query], (refs) => componentLicenses(refs, deps.services))
      return {
        component: licenseResultItem(one as NonNullable<typeof one>),
        status: success('License retrieved successfully'),
      }
    },
  )
}
