// POST /v2/licenses/components (spec #19, reference §3.4 and §4.5): the licenses of many components, in request order.
import { Type } from 'typebox'
import { componentLicenses } from '../../../domain/licenses/component-licenses.ts'
import { responses, success } from '../../schemas/common.ts'
import { ComponentsRequestSchema } from '../../schemas/components.ts'
import { LicenseResultSchema } from '../../schemas/licenses.ts'
import { checkBatch } from '../../shared/batch.ts'
import { learnByOutcome } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { licenseResultItem } from './wire.ts'

const Reply = Type.Object({ components: Type.Array(LicenseResultSchema), status: Type.Ref('Status') })

export function registerPostLicensesComponents(app: App, deps: AppDeps): void {
  app.post(
    '/v2/licenses/components',
    {
      config: { area: 'licenses' },
      schema: {
        summary: 'Licenses of components',
        description:
          'One license result per component, in request order (see the single-component endpoint); at most ' +
          'MAX_BATCH_SIZE components. A component that cannot be answered carries info_code/info_message; the ' +
          'request still succeeds.',
        tags: ['licenses'],
        body: ComponentsRequestSchema,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      checkBatch(req.body.components, 'components', deps)
      const results = await learnByOutcome(deps, req, req.body.components, (refs) =>
        componentLicenses(refs, deps.services),
      )
      return { components: results.map(licenseResultItem), status: success('Licenses retrieved successfully') }
    },
  )
}
