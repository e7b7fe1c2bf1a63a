// POST /v2/vulnerabilities/cpes/components (spec #11): the CPEs of many component versions, in request order.
import { Type } from 'typebox'
import { componentCpes } from '../../../domain/vulnerabilities/component-cpes.ts'
import { responses } from '../../schemas/common.ts'
import { ComponentsRequestSchema } from '../../schemas/components.ts'
import { CpeResultSchema } from '../../schemas/vulnerabilities.ts'
import { checkBatch, statusWithDb } from '../../shared/batch.ts'
import type { App, AppDeps } from '../../types.ts'
import { cpeResult } from './wire.ts'

const Reply = Type.Object({ components: Type.Array(CpeResultSchema), status: Type.Ref('Status') })

export function registerPostCpesComponents(app: App, deps: AppDeps): void {
  app.post(
    '/v2/vulnerabilities/cpes/components',
    {
      config: { area: 'vulnerabilities' },
      schema: {
        summary: 'CPEs of components',
        description: 'One CPE result per component, in request order, at most MAX_BATCH_SIZE.',
        tags: ['vulnerabilities'],
        body: ComponentsRequestSchema,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      checkBatch(req.body.components, 'components', deps)
      const results = await componentCpes(req.body.components, deps.services)
      return { components: results.map(cpeResult), status: await statusWithDb(deps, 'Success', ['cpe']) }
    },
  )
}
