// GET /v2/vulnerabilities/component (spec #12) and its alias GET /api/v2/vulnerabilities/component, which the
// scanoss-js SDK calls and reads `vulnerabilities` and `version` from the top level (clients.md §3.2): the alias
// answers the same object plus those fields at the top.

import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { componentVulnerabilities } from '../../../domain/vulnerabilities/component-vulnerabilities.ts'
import { responses } from '../../schemas/common.ts'
import { ComponentQuerySchema } from '../../schemas/components.ts'
import { VulnerabilityResultSchema } from '../../schemas/vulnerabilities.ts'
import { statusWithDb } from '../../shared/batch.ts'
import { learnByOutcome } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { vulnerabilityResult } from './wire.ts'

const Reply = Type.Object({ component: VulnerabilityResultSchema, status: Type.Ref('Status') })
const AliasReply = Type.Object({
  ...VulnerabilityResultSchema.properties,
  component: VulnerabilityResultSchema,
  status: Type.Ref('Status'),
})

export function registerGetVulnerabilitiesComponent(app: App, deps: AppDeps): void {
  const answer = async (req: FastifyRequest, query: { purl: string; requirement?: string | undefined }) => {
    const [one] = await learnByOutcome(
      deps,
      req,
      [query],
      (refs) => componentVulnerabilities(refs, deps.services),
      'metadata',
    )
    return {
      component: vulnerabilityResult(one as NonNullable<typeof one>),
      status: await statusWithDb(deps, 'Success', ['advisories', 'epss']),
    }
  }
  app.get(
    '/v2/vulnerabilities/component',
    {
      config: { area: 'vulnerabilities', cacheable: true },
      schema: {
        summary: 'Vulnerabilities of a component',
        description: 'Known vulnerabilities of the version the purl and requirement name (docs/vulnerabilities.md).',
        tags: ['vulnerabilities'],
        querystring: ComponentQuerySchema,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => answer(req, req.query),
  )
  app.get(
    '/api/v2/vulnerabilities/component',
    {
      config: { area: 'vulnerabilities', cacheable: true },
      schema: {
        summary: 'Vulnerabilities of a component (scanoss-js SDK alias)',
        description: 'The same answer, with the result also at the top level, as the scanoss-js SDK reads it.',
        tags: ['vulnerabilities'],
        querystring: ComponentQuerySchema,
        response: responses({ 200: AliasReply }),
      },
    },
    async (req) => {
      const a = await answer(req, req.query)
      return { ...a.component, ...a }
    },
  )
}
