// GET /v2/components/status/component (spec #17, reference §3.3): lifecycle status of one component and version.
// Unlike the original, the answer carries the `status` envelope, as the spec says every JSON response does.
import { Type } from 'typebox'
import { componentStatuses } from '../../../domain/components/status.ts'
import { STATUS_LEARNABLE } from '../../../domain/on-demand/areas.ts'
import { responses } from '../../schemas/common.ts'
import { ComponentStatusSchema } from '../../schemas/component-results.ts'
import { ComponentQuerySchema } from '../../schemas/components.ts'
import { statusWithDb } from '../../shared/batch.ts'
import { learnAnswers } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { statusItem } from './wire.ts'

const Reply = Type.Object({ ...ComponentStatusSchema.properties, status: Type.Ref('Status') })

export function registerGetStatusComponent(app: App, deps: AppDeps): void {
  app.get(
    '/v2/components/status/component',
    {
      config: { area: 'components', cacheable: true },
      schema: {
        summary: 'Lifecycle status of a component',
        description:
          'The component and the resolved version: mapped status (active, deprecated, removed, deleted) beside ' +
          "the registry's own words, with indexing and change dates.",
        tags: ['components'],
        querystring: ComponentQuerySchema,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      const [one] = await learnAnswers(
        deps,
        req,
        [req.query],
        (refs) => componentStatuses(refs, deps.services),
        STATUS_LEARNABLE,
      )
      return { ...statusItem(one as NonNullable<typeof one>), status: await statusWithDb(deps, 'Success') }
    },
  )
}
