// POST /v2/vulnerabilities/components (spec #13, reference §3.2/§4.3): known vulnerabilities of many components.
import { Type } from 'typebox'
import { componentVulnerabilities } from '../../../domain/vulnerabilities/component-vulnerabilities.ts'
import { responses } from '../../schemas/common.ts'
import { ComponentsRequestSchema } from '../../schemas/components.ts'
import { VulnerabilityResultSchema } from '../../schemas/vulnerabilities.ts'
import { checkBatch, statusWithDb } from '../../shared/batch.ts'
import { learnByOutcome } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { vulnerabilityResult } from './wire.ts'

const Reply = Type.Object({ components: Type.Array(VulnerabilityResultSchema), status: Type.Ref('Status') })

export function registerPostVulnerabilitiesComponents(app: App, deps: AppDeps): void {
  app.post(
    '/v2/vulnerabilities/components',
    {
      config: { area: 'vulnerabilities' },
      schema: {
        summary: 'Vulnerabilities of components',
        description:
          'One result per component, in request order, at most MAX_BATCH_SIZE. Each vulnerability is reported ' +
          'once with every source that knows it (advisories merged through shared CVE/GHSA aliases). See ' +
          'docs/vulnerabilities.md.',
        tags: ['vulnerabilities'],
        body: ComponentsRequestSchema,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      checkBatch(req.body.components, 'components', deps)
      const results = await learnByOutcome(
        deps,
        req,
        req.body.components,
        (refs) => componentVulnerabilities(refs, deps.services),
        'metadata',
      )
      return {
        components: results.map(vulnerabilityResult),
        status: await statusWithDb(deps, 'Success', ['advisories', 'epss']),
      }
    },
  )
}
