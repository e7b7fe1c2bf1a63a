// GET /v2/components/versions (docs/api-behaviour.md "Component versions"): a component's versions, newest first, with
// dates and licenses.
import { Type } from 'typebox'
import {
  type ComponentVersions,
  componentVersions,
  MAX_VERSIONS_LIMIT,
  VERSIONS_LIMIT,
} from '../../../domain/components/versions.ts'
import { responses } from '../../schemas/common.ts'
import { VersionLicenseSchema } from '../../schemas/component-results.ts'
import { OutcomeFields, PurlField } from '../../schemas/components.ts'
import { outcomeFields, statusWithDb } from '../../shared/batch.ts'
import { learnByOutcome } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { versionLicense } from './component-wire.ts'

const Query = Type.Object({
  purl: PurlField,
  limit: Type.Optional(
    Type.Integer({ description: `versions to return (default ${VERSIONS_LIMIT}, at most ${MAX_VERSIONS_LIMIT})` }),
  ),
})

const Reply = Type.Object({
  component: Type.Object({
    name: Type.String(),
    purl: Type.String(),
    url: Type.String(),
    source_purl: Type.String({
      description:
        "compintel's addition: the component's source, its repository (pkg:github/…) or Debian source package " +
        "(pkg:deb/debian/<source>?arch=source); '' when the KB has none",
    }),
    component: Type.String({ description: 'deprecated: equals name' }),
    versions: Type.Array(
      Type.Object({ version: Type.String(), date: Type.String(), licenses: Type.Array(VersionLicenseSchema) }),
    ),
    ...OutcomeFields,
  }),
  status: Type.Ref('Status'),
})

export function registerGetVersions(app: App, deps: AppDeps): void {
  app.get(
    '/v2/components/versions',
    {
      config: { area: 'components', cacheable: true },
      schema: {
        summary: 'Versions of a component',
        description:
          'Newest release first (undated versions last; equal dates highest version first). A version in the purl ' +
          'is ignored. An unknown or malformed purl answers 200 with error_code and an empty list.',
        tags: ['components'],
        querystring: Query,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      const { catalog, licenses } = deps.services
      const [first] = await learnByOutcome(
        deps,
        req,
        [{ purl: req.query.purl }],
        async ([ref]) => [await componentVersions(ref?.purl ?? '', req.query.limit, catalog, licenses)],
        'metadata',
      )
      const r = first as ComponentVersions // one reference in, one answer out
      return {
        component: {
          name: r.name,
          purl: r.purl,
          url: r.url,
          source_purl: r.sourcePurl,
          component: r.name,
          versions: r.versions.map((v) => ({
            version: v.version,
            date: v.date,
            licenses: v.licenses.map(versionLicense),
          })),
          ...outcomeFields(r.outcome),
        },
        status: await statusWithDb(deps, 'Success'),
      }
    },
  )
}
