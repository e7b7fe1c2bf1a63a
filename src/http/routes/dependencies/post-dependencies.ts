// POST /v2/dependencies/dependencies (deprecated in papi, but the call both SCANOSS clients make; docs/dependencies.md
// "The legacy call"): every purl of every manifest file with its resolved version, URL and licenses.
import { dependencyFilesLearning } from '../../../domain/dependencies/learning.ts'
import { HttpError } from '../../errors.ts'
import { responses, success } from '../../schemas/common.ts'
import { DependencyFilesReplySchema, DependencyFilesRequestSchema } from '../../schemas/dependencies.ts'
import { checkBatch } from '../../shared/batch.ts'
import { learnContext } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { dependencyFile } from './dependency-wire.ts'

export function registerPostDependencies(app: App, deps: AppDeps): void {
  app.post(
    '/v2/dependencies/dependencies',
    {
      config: { area: 'dependencies' },
      schema: {
        summary: 'Versions and licenses of the dependencies of manifest files (deprecated)',
        description:
          'Files and their dependencies in request order, one entry per purl. A purl that cannot be answered ' +
          'carries info_code/info_message (INVALID_PURL, COMPONENT_NOT_FOUND, VERSION_NOT_FOUND, INVALID_SEMVER, ' +
          'REQUIREMENT_NOT_MET when the nearest version is shown, NO_INFO when no license is known). Packages the ' +
          'KB lacks are fetched on demand (docs/kb-growth.md); one still under way says so in its info_message.',
        tags: ['dependencies'],
        body: DependencyFilesRequestSchema,
        response: responses({ 200: DependencyFilesReplySchema }),
      },
    },
    async (req) => {
      const { files } = req.body
      if (files.length === 0) throw new HttpError('VALIDATION_FAILED', "'files' must hold at least one file")
      const purls = files.flatMap((f) => f.purls)
      if (purls.length > 0) checkBatch(purls, 'files[].purls', deps)
      const { catalog, licenses, analyses } = deps.services
      const answered = await dependencyFilesLearning(files, { catalog, licenses, analyses }, learnContext(deps, req))
      return {
        files: answered.map(dependencyFile),
        status: success('Success'),
      }
    },
  )
}
