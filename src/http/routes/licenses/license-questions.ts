// The licenses of component versions (docs/licenses.md): one question, a single GET and a batch POST through the one
// component-question pattern (http/shared/component-route.ts). A version without license facts is answered from the
// nearest version that has some.
import type { LicenseResult } from '../../../domain/licenses/component-licenses.ts'
import { componentLicenses } from '../../../domain/licenses/component-licenses.ts'
import { success } from '../../schemas/common.ts'
import { LicenseResultSchema } from '../../schemas/licenses.ts'
import { type ComponentQuestion, serveBatch, serveSingle } from '../../shared/component-route.ts'
import { learnByOutcome } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { licenseResultItem } from './license-wire.ts'

const LICENSES: ComponentQuestion<LicenseResult> = {
  area: 'licenses',
  result: LicenseResultSchema,
  answer: (refs, deps, req) => learnByOutcome(deps, req, refs, (r) => componentLicenses(r, deps.services)),
  wire: licenseResultItem,
  status: () => success('Licenses retrieved successfully'),
}

export function registerGetLicensesComponent(app: App, deps: AppDeps): void {
  serveSingle(app, deps, LICENSES, ['/v2/licenses/component'], {
    summary: 'Licenses of a component',
    description:
      'The declared SPDX expression (else the detected licenses joined with AND) and every license found, ' +
      'declared first. A version without license facts is answered from the nearest version that has some ' +
      '(REQUIREMENT_NOT_MET when that version does not satisfy the requirement). Problems with the component ' +
      'come back as info_code/info_message with HTTP 200.',
    status: () => success('License retrieved successfully'),
  })
}

export function registerPostLicensesComponents(app: App, deps: AppDeps): void {
  serveBatch(app, deps, LICENSES, ['/v2/licenses/components'], {
    summary: 'Licenses of components',
    description:
      'One license result per component, in request order (see the single-component endpoint); at most ' +
      'MAX_BATCH_SIZE components. A component that cannot be answered carries info_code/info_message; the ' +
      'request still succeeds.',
  })
}
