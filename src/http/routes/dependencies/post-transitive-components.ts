// POST /v2/dependencies/transitive/components (spec #24, reference §4.7 with real resolution; docs/dependencies.md):
// the direct and indirect dependencies of npm components, breadth-first, as one flat list.
import { Type } from 'typebox'
import { transitiveDependencies } from '../../../domain/dependencies/transitive.ts'
import { DEFAULT_DEPTH, DEFAULT_LIMIT, MAX_DEPTH, MAX_LIMIT } from '../../../domain/dependencies/types.ts'
import { HttpError } from '../../errors.ts'
import { responses, success } from '../../schemas/common.ts'
import { ComponentRefSchema } from '../../schemas/components.ts'
import { checkBatch } from '../../shared/batch.ts'
import type { App, AppDeps } from '../../types.ts'

const Body = Type.Object({
  depth: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: `levels of dependencies to follow (0 or absent: ${DEFAULT_DEPTH}; at most ${MAX_DEPTH})`,
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: `dependencies to return (0 or absent: ${DEFAULT_LIMIT}; at most ${MAX_LIMIT})`,
    }),
  ),
  components: Type.Array(ComponentRefSchema, {
    description: 'Components of one ecosystem (npm); at most MAX_BATCH_SIZE (default 1000)',
  }),
})

const Dependency = Type.Object({
  purl: Type.String({ description: 'the package, without version' }),
  version: Type.String({ description: "the version the requirement installs; '' when unresolved or not followed" }),
  requirement: Type.String({ description: 'the requirement as the dependent declared it' }),
})

const Reply = Type.Object({ dependencies: Type.Array(Dependency), status: Type.Ref('Status') })

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
        body: Body,
        response: responses({ 200: Reply }),
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
