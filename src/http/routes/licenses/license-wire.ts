// Domain results of the licenses area → their snake_case wire objects.
import type { LicenseResult } from '../../../domain/licenses/component-licenses.ts'
import type { OsadlLicense } from '../../../domain/licenses/osadl.ts'
import type { LicenseEntry, SpdxLicense } from '../../../domain/licenses/spdx.ts'
import { spdxLicense } from '../../../domain/licenses/spdx.ts'
import { HttpError } from '../../errors.ts'
import { outcomeFields } from '../../shared/batch.ts'

function licenseEntryItem(l: LicenseEntry) {
  return { id: l.id, full_name: l.fullName, is_spdx_approved: l.isSpdxApproved, url: l.url }
}

export function licenseResultItem(r: LicenseResult) {
  return {
    purl: r.purl,
    requirement: r.requirement,
    version: r.version,
    statement: r.statement,
    licenses: r.licenses.map(licenseEntryItem),
    url: r.url,
    ...outcomeFields(r.outcome),
  }
}

/** The SPDX entry of an id, or 404 NOT_FOUND in the one error shape (docs/licenses.md). */
export function knownLicense(id: string): SpdxLicense {
  const license = spdxLicense(id)
  if (!license) throw new HttpError('NOT_FOUND', `license not found: ${id}`)
  return license
}

/** OSADL's facts on a license as the `OSADL` message; copyleft_clause 'Questionable' is omitted (neither yes nor no). */
export function osadlItem(l: OsadlLicense) {
  return {
    ...(l.copyleftClause !== undefined &&
      l.copyleftClause !== 'Questionable' && { copyleft_clause: l.copyleftClause === 'Yes' }),
    ...(l.patentHints !== undefined && { patent_hints: l.patentHints }),
    compatibility: l.compatibility,
    depending_compatibility: l.dependingCompatibility,
    incompatibility: l.incompatibility,
    use_cases: l.useCases.map((u) => ({
      name: u.name,
      obligation_text: u.text,
      obligation_json: JSON.stringify(u.obligations),
    })),
  }
}
