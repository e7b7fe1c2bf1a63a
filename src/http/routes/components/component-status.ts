// The lifecycle status of component versions (docs/components.md): one question, a single GET and a batch POST
// through the one component-question pattern (http/shared/component-route.ts). Unlike the original, the single
// answer carries the `status` envelope beside its fields, as every JSON response of the API does.
import type { ComponentStatus } from '../../../domain/components/status.ts'
import { componentStatuses } from '../../../domain/components/status.ts'
import { STATUS_LEARNABLE } from '../../../domain/on-demand/areas.ts'
import { ComponentStatusSchema } from '../../schemas/component-results.ts'
import { statusWithDb } from '../../shared/batch.ts'
import { type ComponentQuestion, serveBatch, serveSingle } from '../../shared/component-route.ts'
import { learnAnswers } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { statusItem } from './component-wire.ts'

const STATUS: ComponentQuestion<ComponentStatus> = {
  area: 'components',
  result: ComponentStatusSchema,
  answer: (refs, deps, req) =>
    learnAnswers(deps, req, refs, (r) => componentStatuses(r, deps.services), STATUS_LEARNABLE),
  wire: statusItem,
  status: (deps) => statusWithDb(deps, 'Success'),
}

export function registerGetStatusComponent(app: App, deps: AppDeps): void {
  serveSingle(app, deps, STATUS, ['/v2/components/status/component'], {
    summary: 'Lifecycle status of a component',
    description:
      'The component and the resolved version: mapped status (active, deprecated, removed, deleted) beside ' +
      "the registry's own words, with indexing and change dates.",
    topLevel: true,
  })
}

export function registerPostStatusComponents(app: App, deps: AppDeps): void {
  serveBatch(app, deps, STATUS, ['/v2/components/status/components'], {
    summary: 'Lifecycle status of components',
    description: 'One status object per component, in request order (see the single-component endpoint).',
  })
}
