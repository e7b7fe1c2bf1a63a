// GET /v2/components/search (docs/api-behaviour.md "Component search"): ranked, index-backed search by name, vendor and
// ecosystem.
import { Type } from 'typebox'
import { MAX_TERM_LENGTH, SEARCH_LIMIT, searchQuery } from '../../../domain/components/search.ts'
import { componentNames } from '../../../domain/shared/component-name.ts'
import { HttpError } from '../../errors.ts'
import { responses } from '../../schemas/common.ts'
import { statusWithDb } from '../../shared/batch.ts'
import type { App, AppDeps } from '../../types.ts'

const text = (description: string) => Type.Optional(Type.String({ maxLength: MAX_TERM_LENGTH * 4, description }))

const Query = Type.Object({
  search: text('free text matched against package names'),
  vendor: text('namespace: npm scope (with or without @) or GitHub owner'),
  component: text('package name (targeted search, with vendor)'),
  package: text('purl type filter, e.g. npm; all or absent: every type'),
  limit: Type.Optional(Type.Integer({ description: `hits to return, 1–${SEARCH_LIMIT} (default ${SEARCH_LIMIT})` })),
  offset: Type.Optional(Type.Integer({ minimum: 0, description: 'hits to skip' })),
})

const Hit = Type.Object({
  name: Type.String(),
  purl: Type.String(),
  url: Type.String(),
  component: Type.String({ description: 'deprecated: equals name' }),
})

const Reply = Type.Object({ components: Type.Array(Hit), status: Type.Ref('Status') })

export function registerGetSearch(app: App, deps: AppDeps): void {
  app.get(
    '/v2/components/search',
    {
      config: { area: 'components' },
      schema: {
        summary: 'Search components',
        description:
          'Exact name matches first, then name prefixes, then substrings (three characters or more); ties by ' +
          'popularity (dependents in the KB). Needs search, component or vendor.',
        tags: ['components'],
        querystring: Query,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      const q = searchQuery(req.query)
      if (!q) throw new HttpError('VALIDATION_FAILED', 'No data supplied: give search, component or vendor')
      const hits = await deps.services.search.search(q)
      return {
        components: hits.map((h) => {
          const { component } = componentNames(h.purl)
          return { name: component, purl: h.purl, url: h.projectUrl, component }
        }),
        status: await statusWithDb(
          deps,
          hits.length > 0 ? 'Success' : 'No components found matching the search criteria',
        ),
      }
    },
  )
}
