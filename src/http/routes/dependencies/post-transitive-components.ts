// POST /v2/dependencies/transitive/components (docs/dependencies.md "Transitive dependencies"):
// the direct and indirect dependencies of npm components, breadth-first, as one flat list.
import { transitiveLearning } from '../../../domain/dependencies/learning.ts'
import { HttpError } from '../../errors.ts'
import { responses, success } from '../../schemas/common.ts'
import { TransitiveReplySchema, TransitiveRequestSchema } from '../../schemas/dependencies.ts'
import { checkBatch } from '../../shared/batch.ts'
import { learnContext } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'

export function registerPostTransitiveComponents(app: App, deps: AppDeps): void {
  app.post(
    '/v2/dependencies/transitive/components',
    {
      config: { area: 'dependencies' },
      schema: {
        summary: 'Transitive dependencies of components',
        description:
          'Breadth-first over the runtime and optional dependencies the KB records, each requirement resolved with ' +
          "npm's rules (ranges, dist-tag latest, npm: aliases); each package version listed and expanded once. " +
          'Dependencies the KB lacks, and git, URL and file dependencies, are listed with an empty version and not ' +
          'followed. Registry packages the KB lacks (listed ones, unknown inputs) are fetched on demand ' +
          '(docs/kb-growth.md); status.message says how many are still under way. The inputs are not listed; ' +
          'inputs that cannot be resolved are skipped and named in status.message. All components must be npm purls.',
        tags: ['dependencies'],
        body: TransitiveRequestSchema,
        response: responses({ 200: TransitiveReplySchema }),
      },
    },
    async (req) => {
      checkBatch(req.body.components, 'components', deps)
      const { catalog, dependencies } = deps.services
      const result = await transitiveLearning(req.body, { catalog, dependencies }, learnContext(deps, req))
      if (!result.ok) throw new HttpError('VALIDATION_FAILED', result.message)
      return { dependencies: result.dependencies, status: success(result.message) }
    },
  )
}
