// Domain results of the components area → their snake_case wire objects.
import type { ComponentStatistics } from '../../../domain/components/statistics.ts'
import type { ComponentStatus } from '../../../domain/components/status.ts'
import type { LicenseEntry } from '../../../domain/licenses/spdx.ts'
import { outcomeFields } from '../../shared/batch.ts'

export function versionLicense(l: LicenseEntry) {
  return { name: l.id, spdx_id: l.id, is_spdx_approved: l.isSpdxApproved, url: l.url }
}

export function statisticsItem(s: ComponentStatistics) {
  return { purl: s.purl, version: s.version, statistics: s.statistics, ...(s.problem ? outcomeFields(s.problem) : {}) }
}

export function statusItem(s: ComponentStatus) {
  const c = s.componentStatus
  const v = s.versionStatus
  return {
    purl: s.purl,
    name: s.name,
    requirement: s.requirement,
    ...(v
      ? {
          version_status: {
            version: v.version,
            status: v.status,
            repository_status: v.repositoryStatus,
            indexed_date: v.indexedDate,
            status_change_date: v.statusChangeDate,
            ...(v.outcome ? outcomeFields(v.outcome) : {}),
          },
        }
      : {}),
    component_status:
      'outcome' in c
        ? outcomeFields(c.outcome)
        : {
            status: c.status,
            repository_status: c.repositoryStatus,
            first_indexed_date: c.firstIndexedDate,
            last_indexed_date: c.lastIndexedDate,
            status_change_date: c.statusChangeDate,
          },
  }
}
