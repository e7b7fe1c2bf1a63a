// POST /v2/components/status/components (spec #17, reference §3.3): lifecycle status of many components.
import { Type } from 'typebox'
import { componentStatuses } from '../../../domain/components/status.ts'
import { STATUS_LEARNABLE } from '../../../domain/on-demand/areas.ts'
import { responses } from '../../schemas/common.ts'
import { ComponentStatusSchema } from '../../schemas/component-results.ts'
import { ComponentsRequestSchema } from '../../schemas/components.ts'
import { checkBatch, statusWithDb } from '../../shared/batch.ts'
import { learnAnswers } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { statusItem } from './wire.ts'

const Reply = Type.Object({ components: Type.Array(ComponentStatusSchema), status: Type.Ref('Status') })

export function registerPostStatusComponents(app: App, deps: AppDeps): void {
  app.post(
    '/v2/components/status/components',
    {
      config: { area: 'components' },
      schema: {
        summary: 'Lifecycle status of components',
        description: 'One status object per component, in request order (see the single-component endpoint).',
        tags: ['components'],
        body: ComponentsRequestSchema,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      checkBatch(req.body.components, 'components', deps)
      const statuses = await learnAnswers(
        deps,
        req,
        req.body.components,
        (refs) => componentStatuses(refs, deps.services),
        STATUS_LEARNABLE,
      )
      return { components: statuses.map(statusItem), status: await statusWithDb(deps, 'Success') }
    },
  )
}
