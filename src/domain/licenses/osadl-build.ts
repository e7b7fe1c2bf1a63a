// How data/osadl/osadl.json is made from its two sources (scripts/build-osadl.ts runs it; the test beside it checks
// that the shipped file is what the shipped checklists give): OSADL's obligations checklists, parsed, and OSADL's
// license compatibility matrix with explanations (matrixseqexpl.json), each leading license's row reduced to three
// lists.
import type { OsadlData, OsadlEntry, OsadlMatrixRow, OsadlSource } from './osadl.ts'
import { parseOsloc } from './osloc.ts'

/** OSADL's matrixseqexpl.json: per leading license, every other license's compatibility and its explanation. */
export interface OsadlMatrixFile {
  timestamp: string
  licenses: { name: string; compatibilities: { name: string; compatibility: string }[] }[]
}

/** The matrix values: "Yes", "No" and "Check dependency" fill the three lists; "Same" (the license itself) and
 * "Unknown" (OSADL has not decided) are left out. */
const LISTS: Record<string, keyof OsadlMatrixRow> = {
  Yes: 'compatibility',
  'Check dependency': 'dependingCompatibility',
  No: 'incompatibility',
}
const KNOWN_VALUES = new Set([...Object.keys(LISTS), 'Same', 'Unknown'])

/** One leading license's row as three lists, in the matrix's order; an unexpected value is an error, not dropped. */
export function matrixRow(row: OsadlMatrixFile['licenses'][number]): OsadlMatrixRow {
  const out: OsadlMatrixRow = { compatibility: [], dependingCompatibility: [], incompatibility: [] }
  for (const c of row.compatibilities) {
    if (!KNOWN_VALUES.has(c.compatibility))
      throw new Error(`${row.name} → ${c.name}: unexpected matrix value "${c.compatibility}"`)
    const list = LISTS[c.compatibility]
    if (list) out[list].push(c.name)
  }
  return out
}

/** The shipped data: every license with a checklist (by its SPDX id) or a matrix row, ids sorted. */
export function buildOsadlData(
  checklists: Record<string, string>,
  matrix: OsadlMatrixFile,
  sources: { checklists: OsadlSource; matrix: OsadlSource },
): OsadlData {
  const licenses: Record<string, OsadlEntry> = {}
  for (const [id, text] of Object.entries(checklists)) {
    const { useCases, copyleftClause, patentHints } = parseOsloc(text)
    licenses[id] = { checklist: { useCases, copyleftClause, patentHints } }
  }
  for (const row of matrix.licenses) licenses[row.name] = { ...licenses[row.name], matrix: matrixRow(row) }
  const sorted = Object.fromEntries(
    Object.keys(licenses)
      .sort()
      .map((id) => [id, licenses[id] as OsadlEntry]),
  )
  return { sources: { ...sources, matrix: { ...sources.matrix, timestamp: matrix.timestamp } }, licenses: sorted }
}
