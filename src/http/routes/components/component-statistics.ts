// POST /v2/components/statistics (docs/api-behaviour.md "Component statistics"): code statistics of component versions.
// Accepts `{purls: [string]}`, the `{purls: [{purl, requirement}]}` scanoss-js sends and the proto's `{components:
// [{purl, requirement}]}`; answers `component_statistics`, plus a `purls` copy for `purls` callers.
import { Type } from 'typebox'
import { componentStatistics } from '../../../domain/components/statistics.ts'
import { STATISTICS_LEARNABLE } from '../../../domain/on-demand/areas.ts'
import { HttpError } from '../../errors.ts'
import { responses } from '../../schemas/common.ts'
import { ComponentStatisticsSchema } from '../../schemas/component-results.ts'
import { ComponentRefSchema, PurlField } from '../../schemas/components.ts'
import { checkBatch, statusWithDb } from '../../shared/batch.ts'
import { learnAnswers } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { statisticsItem } from './component-wire.ts'

const Body = Type.Object({
  purls: Type.Optional(Type.Array(Type.Union([PurlField, ComponentRefSchema]))),
  components: Type.Optional(Type.Array(ComponentRefSchema)),
})

const Reply = Type.Object({
  component_statistics: Type.Array(ComponentStatisticsSchema),
  purls: Type.Optional(Type.Array(ComponentStatisticsSchema, { description: 'copy for callers that sent `purls`' })),
  status: Type.Ref('Status'),
})

export function registerPostStatistics(app: App, deps: AppDeps): void {
  app.post(
    '/v2/components/statistics',
    {
      config: { area: 'components' },
      schema: {
        summary: 'Code statistics of components',
        description:
          'Source files, lines, blank lines and languages of each version, in request order. A component ' +
          'without data has zeros and an empty languages list; only malformed purls or requirements carry error fields.',
        tags: ['components'],
        body: Body,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      const { purls, components } = req.body
      const items = components ?? purls
      if (!items) throw new HttpError('VALIDATION_FAILED', "body must have 'components' or 'purls'")
      checkBatch(items, components ? 'components' : 'purls', deps)
      const refs = items.map((i) => (typeof i === 'string' ? { purl: i } : i))
      const stats = (
        await learnAnswers(
          deps,
          req,
          refs,
          (r) => componentStatistics(r, deps.services.catalog, deps.services.analyses),
          STATISTICS_LEARNABLE,
        )
      ).map(statisticsItem)
      return {
        component_statistics: stats,
        ...(components ? {} : { purls: stats }),
        status: await statusWithDb(deps, 'Success'),
      }
    },
  )
}
