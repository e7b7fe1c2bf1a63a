// POST /v2/dependencies/dependencies (deprecated in papi, but the call both SCANOSS clients make; reference §3.6 and
// §4.7; docs/dependencies.md): every purl of every manifest file with its resolved version, URL and licenses.
import { Type } from 'typebox'
import { dependencyFiles } from '../../../domain/dependencies/legacy.ts'
import type { LicenseEntry } from '../../../domain/licenses/spdx.ts'
import { HttpError } from '../../errors.ts'
import { responses, success } from '../../schemas/common.ts'
import { ComponentRefSchema, InfoFields } from '../../schemas/components.ts'
import { checkBatch, infoFields } from '../../shared/batch.ts'
import type { App, AppDeps } from '../../types.ts'

const Body = Type.Object({
  files: Type.Array(
    Type.Object({
      file: Type.String({ maxLength: 4096, description: 'the manifest path, echoed' }),
      purls: Type.Array(ComponentRefSchema, { description: 'a purl @version overrides its requirement' }),
    }),
    { description: 'Manifest files; at most MAX_BATCH_SIZE purls (default 1000) across all of them' },
  ),
  depth: Type.Optional(Type.Integer({ description: 'accepted for compatibility (scanoss-py sends 1) and ignored' })),
})

const License = Type.Object({
  name: Type.String(),
  spdx_id: Type.String(),
  is_spdx_approved: Type.Boolean(),
  url: Type.String(),
})

const Dependency = Type.Object({
  component: Type.String({ description: 'the package name' }),
  purl: Type.String({ description: 'the purl as sent, without @version' }),
  version: Type.String({ description: "the version whose data is shown; '' when none" }),
  licenses: Type.Array(License),
  url: Type.String({ description: "the package's page; '' when the KB does not know it" }),
  comment: Type.String(),
  requirement: Type.String({ description: "the requirement in force: the purl's @version, else the one sent" }),
  ...InfoFields,
})

const Reply = Type.Object({
  files: Type.Array(
    Type.Object({
      file: Type.String(),
      id: Type.String({ description: 'always "dependency"' }),
      status: Type.String({ description: 'always "pending", as the original service answers' }),
      dependencies: Type.Array(Dependency),
    }),
  ),
  status: Type.Ref('Status'),
})

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
          'REQUIREMENT_NOT_MET when the nearest version is shown, NO_INFO when no license is known).',
        tags: ['dependencies'],
        body: Body,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      const { files } = req.body
      if (files.length === 0) throw new HttpError('VALIDATION_FAILED', "'files' must hold at least one file")
      const purls = files.flatMap((f) => f.purls)
      if (purls.length > 0) checkBatch(purls, 'files[].purls', deps)
      const answered = await dependencyFiles(files, {
        catalog: deps.services.catalog,
        licenses: deps.services.licenses,
      })
      return {
        files: answered.map((f) => ({
          file: f.file,
          id: 'dependency',
          status: 'pending',
          dependencies: f.dependencies.map((d) => ({
            component: d.component,
            purl: d.purl,
            version: d.version,
            licenses: d.licenses.map(wireLicense),
            url: d.url,
            comment: '',
            requirement: d.requirement,
            ...infoFields(d.outcome),
          })),
        })),
        status: success('Success'),
      }
    },
  )
}

function wireLicense(l: LicenseEntry) {
  return { name: l.id, spdx_id: l.id, is_spdx_approved: l.isSpdxApproved, url: l.url }
}
