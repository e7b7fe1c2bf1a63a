// POST /v2/dependencies/transitive/components (docs/dependencies.md "Transitive dependencies"):
// the direct and indirect dependencies of npm components, breadth-first, as one flat list.
import { transitiveDependencies } from '../../../domain/dependencies/transitive.ts'
import { HttpError } from '../../errors.ts'
import { responses, success } from '../../schemas/common.ts'
import { TransitiveReplySchema, TransitiveRequestSchema } from '../../schemas/dependencies.ts'
import { checkBatch } from '../../shared/batch.ts'
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
          'followed. The inputs are not listed; inputs that cannot be resolved are skipped and named in ' +
          'status.message. All components must be npm purls.',
        tags: ['dependencies'],
        body: TransitiveRequestSchema,
        response: responses({ 200: TransitiveReplySchema }),
      },
    },
    async (req) => {
      checkBatch(req.body.components, 'components', deps)
      const result = await transitiveDependencies(req.body, {
        catalog: deps.services.catalog,
        dependencies: deps.services.dependencies,
      })
      if (!result.ok) throw new HttpError('VALIDATION_FAILED', result.message)
      return { dependencies: result.dependencies, status: success(result.message) }
    },
  )
}
