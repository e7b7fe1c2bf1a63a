// The SPDX License List as compintel ships it (spdx-license-list 6.12.0 for names, URLs and OSI approval;
// spdx-license-ids for the deprecated ids; both CC0-1.0): what every license entry in an answer says about an id.
import { createRequire } from 'node:module'

interface ListEntry {
  name: string
  url: string
  osiApproved: boolean
}

const require = createRequire(import.meta.url)
const LIST = require('spdx-license-list') as Record<string, ListEntry>
const DEPRECATED = new Set(require('spdx-license-ids/deprecated.json') as string[])
const BY_UPPER = new Map(Object.keys(LIST).map((id) => [id.toUpperCase(), id]))

export interface SpdxLicense {
  id: string
  name: string
  /** The license's own reference URL, as the SPDX list gives it. */
  url: string
  /** The license's page on the SPDX site. */
  spdxUrl: string
  osiApproved: boolean
  deprecated: boolean
}

/** The SPDX entry for an id (case-insensitive), or undefined for LicenseRef-… and unknown ids. */
export function spdxLicense(id: string): SpdxLicense | undefined {
  const canonical = BY_UPPER.get(id.trim().toUpperCase())
  if (!canonical) return undefined
  const e = LIST[canonical] as ListEntry
  return {
    id: canonical,
    name: e.name,
    url: e.url,
    spdxUrl: `https://spdx.org/licenses/${canonical}.html`,
    osiApproved: e.osiApproved,
    deprecated: DEPRECATED.has(canonical),
  }
}

/** A license entry of an answer: SPDX ids with their name and page; anything else kept as given, not approved. */
export interface LicenseEntry {
  id: string
  fullName: string
  url: string
  isSpdxApproved: boolean
}

export function licenseEntry(id: string): LicenseEntry {
  const spdx = spdxLicense(id)
  return spdx
    ? { id: spdx.id, fullName: spdx.name, url: spdx.spdxUrl, isSpdxApproved: true }
    : { id, fullName: '', url: '', isSpdxApproved: false }
}
