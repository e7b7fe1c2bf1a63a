// Domain answers of the dependencies area → their wire form: a manifest file's dependencies as the original service
// answers them (id "dependency", status "pending", an empty comment), licenses named by their SPDX id.
import type { FileDependencies } from '../../../domain/dependencies/legacy.ts'
import type { LicenseEntry } from '../../../domain/licenses/spdx.ts'
import { outcomeFields } from '../../shared/batch.ts'

function dependencyLicense(l: LicenseEntry) {
  return { name: l.id, spdx_id: l.id, is_spdx_approved: l.isSpdxApproved, url: l.url }
}

export function dependencyFile(f: FileDependencies) {
  return {
    file: f.file,
    id: 'dependency',
    status: 'pending',
    dependencies: f.dependencies.map((d) => ({
      component: d.component,
      purl: d.purl,
      version: d.version,
      licenses: d.licenses.map(dependencyLicense),
      url: d.url,
      comment: '',
      requirement: d.requirement,
      ...outcomeFields(d.outcome),
    })),
  }
}
