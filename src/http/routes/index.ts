// Registers every route, in the order the OpenAPI document lists them. Each area has one file per question it
// answers about components (served through http/shared/component-route.ts) and one per other endpoint; every route
// file name is unique in the tree.
import type { Registry } from 'prom-client'
import type { App, AppDeps } from '../types.ts'
import { registerPostAttributionNotices } from './attribution-notices/notice-questions.ts'
import { registerGetSearch } from './components/component-search.ts'
import { registerPostStatistics } from './components/component-statistics.ts'
import { registerGetStatusComponent, registerPostStatusComponents } from './components/component-status.ts'
import { registerGetVersions } from './components/component-versions.ts'
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
import { registerGetRulesetDownload } from './cryptography/crypto-ruleset-download.ts'
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
import { registerGetLicenseDetails } from './licenses/license-details.ts'
import { registerGetLicenseObligations } from './licenses/license-obligations.ts'
import { registerGetLicensesComponent, registerPostLicensesComponents } from './licenses/license-questions.ts'
import { registerGetOpenapi } from './meta/get-openapi.ts'
import { registerPostSbomCheck } from './sbom/post-sbom-check.ts'
import { registerPostSbomEnrich } from './sbom/post-sbom-enrich.ts'
import { registerGetFileContents } from './scanning/get-file-contents.ts'
import { registerPostHfhScan } from './scanning/post-hfh-scan.ts'
import { registerPostScanDirect } from './scanning/post-scan-direct.ts'
import {
  registerGetIssuesComponent,
  registerPostIssues,
  registerPostIssuesComponents,
} from './semgrep/issue-questions.ts'
import { registerGetSemgrepRulesetDownload } from './semgrep/semgrep-ruleset-download.ts'
import { registerUi } from './ui/ui-routes.ts'
import { registerGetAdvisory } from './vulnerabilities/get-advisory.ts'
import {
  registerGetCpesComponent,
  registerGetVulnerabilitiesComponent,
  registerPostCpesComponents,
  registerPostVulnerabilitiesComponents,
} from './vulnerabilities/vulnerability-questions.ts'

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
  registerGetAdvisory(app, deps)
  registerPostHfhScan(app, deps)
  registerPostScanDirect(app, deps)
  registerGetFileContents(app, deps)
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
  registerPostAttributionNotices(app, deps)
  registerPostSbomEnrich(app, deps)
  registerPostSbomCheck(app, deps)
  registerUi(app)
}
