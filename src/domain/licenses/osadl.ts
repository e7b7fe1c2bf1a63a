// The OSADL license data compintel ships (data/osadl/osadl.json, written by scripts/build-osadl.ts; CC-BY-4.0,
// docs/licenses.md "OSADL"): per license id, its obligations checklist (use cases, copyleft clause, patent hints) and
// its row of the OSADL license compatibility matrix. Read once, like the SPDX list (spdx.ts); every function here is
// pure over it.
import { createRequire } from 'node:module'
import type { CopyleftClause, OslocChecklist, OslocUseCase } from './osloc.ts'

/** One license's row of the OSADL matrix: the licenses whose code may, may not, or may depending on how, be used in
 * software that is distributed under it (OSADL's "leading license"). */
export interface OsadlMatrixRow {
  compatibility: string[]
  dependingCompatibility: string[]
  incompatibility: string[]
}

export interface OsadlEntry {
  checklist?: Omit<OslocChecklist, 'compatibility' | 'dependingCompatibility' | 'incompatibility'>
  matrix?: OsadlMatrixRow
}

export interface OsadlSource {
  repository: string
  commit: string
  date: string
  license: string
  /** The data's own time stamp, where it has one (the matrix's). */
  timestamp?: string
}

export interface OsadlData {
  sources: { checklists: OsadlSource; matrix: OsadlSource }
  licenses: Record<string, OsadlEntry>
}

/** What OSADL says about one license: the facts of its checklist where one is shipped, its matrix row where it has one. */
export interface OsadlLicense {
  id: string
  copyleftClause?: CopyleftClause
  patentHints?: boolean
  useCases: OslocUseCase[]
  compatibility: string[]
  dependingCompatibility: string[]
  incompatibility: string[]
}

/** The license types of scanoss-licenses.proto that OSADL data can decide. */
export type OsadlLicenseType = 'COPYLEFT' | 'PERMISSIVE' | 'UNKNOWN'

const require = createRequire(import.meta.url)
const DATA = require('../../../data/osadl/osadl.json') as OsadlData
const BY_UPPER = new Map(Object.keys(DATA.licenses).map((id) => [id.toUpperCase(), id]))

/** Where the shipped OSADL data came from (docs/licenses.md). */
export const osadlSources = DATA.sources

/** The OSADL facts on a license id (case-insensitive), or undefined when OSADL covers it in neither source. */
export function osadlLicense(id: string): OsadlLicense | undefined {
  const canonical = BY_UPPER.get(id.trim().toUpperCase())
  if (!canonical) return undefined
  const { checklist, matrix } = DATA.licenses[canonical] as OsadlEntry
  return {
    id: canonical,
    ...(checklist && { copyleftClause: checklist.copyleftClause, patentHints: checklist.patentHints === 'Yes' }),
    useCases: checklist?.useCases ?? [],
    compatibility: matrix?.compatibility ?? [],
    dependingCompatibility: matrix?.dependingCompatibility ?? [],
    incompatibility: matrix?.incompatibility ?? [],
  }
}

/**
 * OSADL's copyleft class of a license: the `COPYLEFT CLAUSE` of its obligations checklist ('Yes', 'No' or
 * 'Questionable'), or undefined when no checklist is shipped for it (nothing known: never guessed).
 */
export function copyleftClass(spdxId: string): CopyleftClause | undefined {
  return osadlLicense(spdxId)?.copyleftClause
}

/** COPYLEFT for a copyleft clause, PERMISSIVE for a checklist without one, else UNKNOWN (also for 'Questionable'). */
export function osadlLicenseType(spdxId: string): OsadlLicenseType {
  const c = copyleftClass(spdxId)
  return c === 'Yes' ? 'COPYLEFT' : c === 'No' ? 'PERMISSIVE' : 'UNKNOWN'
}
