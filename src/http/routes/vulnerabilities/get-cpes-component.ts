// GET /v2/vulnerabilities/cpes/component (spec #10): the CPEs of one component version.
import { Type } from 'typebox'
import { componentCpes } from '../../../domain/vulnerabilities/component-cpes.ts'
import { responses } from '../../schemas/common.ts'
import { ComponentQuerySchema } from '../../schemas/components.ts'
import { CpeResultSchema } from '../../schemas/vulnerabilities.ts'
import { statusWithDb } from '../../shared/batch.ts'
import type { App, AppDeps } from '../../types.ts'
import { cpeResult } from './wire.ts'

const Reply = Type.Object({ component: CpeResultSchema, status: Type.Ref('Status') })

export function registerGetCpesComponent(app: App, deps: AppDeps): void {
  app.get(
    '/v2/vulnerabilities/cpes/component',
    {
      config: { area: 'vulnerabilities', cacheable: true },
      schema: {
        summary: 'CPEs of a component',
        description: 'CPE 2.3 formatted strings of the products mapped to the package, with the resolved version.',
        tags: ['vulnerabilities'],
        querystring: ComponentQuerySchema,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      const [one] = await componentCpes([req.query], deps.services)
      return {
        component: cpeResult(one as NonNullable<typeof one>),
        status: await statusWithDb(deps, 'Success', ['cpe']),
      }
    },
  )
}
