// Registers every route; one file per endpoint under routes/<area>/.
import type { Registry } from 'prom-client'
import type { App, AppDeps } from '../types.ts'
import { registerGetSearch } from './components/get-search.ts'
import { registerGetStatusComponent } from './components/get-status-component.ts'
import { registerGetVersions } from './components/get-versions.ts'
import { registerPostStatistics } from './components/post-statistics.ts'
import { registerPostStatusComponents } from './components/post-status-components.ts'
import {
  registerGetAlgorithmsComponent,
  registerGetAlgorithmsRangeComponent,
  registerGetHintsComponent,
  registerGetHintsRangeComponent,
  registerGetVersionsRangeComponent,
  registerPostAlgorithmsComponents,
  registerPostAlgorithmsRangeComponents,
  registerPostHintsComponents,
  registerPostHintsRangeComponents,
  registerPostVersionsRangeComponents,
} from './cryptography/crypto-questions.ts'
import { registerGetRulesetDownload } from './cryptography/get-ruleset-download.ts'
import { registerPostDependencies } from './dependencies/post-dependencies.ts'
import { registerPostTransitiveComponents } from './dependencies/post-transitive-components.ts'
import { registerPostEcho } from './echo/post-echo.ts'
import {
  registerGetCountriesComponent,
  registerGetOriginComponent,
  registerPostCountries,
  registerPostCountriesComponents,
  registerPostOrigin,
  registerPostOriginComponents,
} from './geoprovenance/geo-questions.ts'
import { registerGetHealth } from './health/get-health.ts'
import { registerGetMetrics } from './health/get-metrics.ts'
import { registerGetReady } from './health/get-ready.ts'
import { registerGetLicensesComponent } from './licenses/get-component.ts'
import { registerGetLicenseDetails } from './licenses/get-details.ts'
import { registerGetLicenseObligations } from './licenses/get-obligations.ts'
import { registerPostLicensesComponents } from './licenses/post-components.ts'
import { registerGetOpenapi } from './meta/get-openapi.ts'
import { registerPostHfhScan } from './scanning/post-hfh-scan.ts'
import { registerGetSemgrepRulesetDownload } from './semgrep/get-ruleset-download.ts'
import {
  registerGetIssuesComponent,
  registerPostIssues,
  registerPostIssuesComponents,
} from './semgrep/issue-questions.ts'
import { registerGetVulnerabilitiesComponent } from './vulnerabilities/get-component.ts'
import { registerGetCpesComponent } from './vulnerabilities/get-cpes-component.ts'
import { registerPostVulnerabilitiesComponents } from './vulnerabilities/post-components.ts'
import { registerPostCpesComponents } from './vulnerabilities/post-cpes-components.ts'

export function registerRoutes(app: App, deps: AppDeps, extra: { metrics: Registry; retryAfterSeconds: number }): void {
  registerGetHealth(app)
  registerGetReady(app, deps.services, extra.retryAfterSeconds)
  registerGetMetrics(app, extra.metrics)
  registerGetOpenapi(app)
  registerPostEcho(app)
  registerGetSearch(app, deps)
  registerGetVersions(app, deps)
  registerPostStatistics(app, deps)
  registerGetStatusComponent(app, deps)
  registerPostStatusComponents(app, deps)
  registerGetLicensesComponent(app, deps)
  registerPostLicensesComponents(app, deps)
  registerGetLicenseDetails(app)
  registerGetLicenseObligations(app)
  registerPostTransitiveComponents(app, deps)
  registerPostDependencies(app, deps)
  registerGetVulnerabilitiesComponent(app, deps)
  registerPostVulnerabilitiesComponents(app, deps)
  registerGetCpesComponent(app, deps)
  registerPostCpesComponents(app, deps)
  registerPostHfhScan(app, deps)
  registerGetCountriesComponent(app, deps)
  registerPostCountriesComponents(app, deps)
  registerGetOriginComponent(app, deps)
  registerPostOriginComponents(app, deps)
  registerPostCountries(app, deps)
  registerPostOrigin(app, deps)
  registerGetAlgorithmsComponent(app, deps)
  registerGetAlgorithmsRangeComponent(app, deps)
  registerGetHintsComponent(app, deps)
  registerGetHintsRangeComponent(app, deps)
  registerGetVersionsRangeComponent(app, deps)
  registerPostAlgorithmsComponents(app, deps)
  registerPostAlgorithmsRangeComponents(app, deps)
  registerPostHintsComponents(app, deps)
  registerPostHintsRangeComponents(app, deps)
  registerPostVersionsRangeComponents(app, deps)
  registerGetRulesetDownload(app, deps)
  registerGetIssuesComponent(app, deps)
  registerPostIssuesComponents(app, deps)
  registerPostIssues(app, deps)
  registerGetSemgrepRulesetDownload(app, deps)
}
