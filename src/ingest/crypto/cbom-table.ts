// The cryptography-bill-of-materials facts of the catalogue's algorithms (data/crypto-cbom/algorithms.json, reference
// data written by this project, each value with its source; the folder's README): CBOM name, CycloneDX primitive,
// 1.7 family, mode, OID and security levels, keyed by catalogue id. Read with the catalogue and checked on reading:
// a malformed row stops the process rather than writing a wrong CBOM.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { CbomFacts } from '../../domain/cryptography/types.ts'

export const CBOM_TABLE = fileURLToPath(new URL('../../../data/crypto-cbom/algorithms.json', import.meta.url))

/** CycloneDX 1.7's primitives (1.6 lacks key-wrap: the writer says `other` there) and block cipher modes. */
const PRIMITIVES = new Set(
  'drbg mac block-cipher stream-cipher signature hash pke xof kdf key-agree kem ae combiner key-wrap other'.split(' '),
)
const MODES = new Set(['cbc', 'ecb', 'ccm', 'gcm', 'cfb', 'ofb', 'ctr', 'other'])
const OID = /^[0-2](\.(0|[1-9][0-9]*))+$/

type Row = Record<string, unknown>

/** The table's rows by catalogue id; throws on a row that is malformed or states a value without its source. */
export function loadCbomTable(file = CBOM_TABLE): Map<string, CbomFacts> {
  const rows = JSON.parse(readFileSync(file, 'utf8')) as unknown
  if (!Array.isArray(rows)) throw new Error(`${file}: not a list of rows`)
  const out = new Map<string, CbomFacts>()
  for (const row of rows as Row[]) {
    const id = String(row?.id)
    const bad = problem(row)
    if (bad) throw new Error(`${file}: ${id}: ${bad}`)
    if (out.has(id)) throw new Error(`${file}: ${id} listed twice`)
    out.set(id, facts(row))
  }
  return out
}

function problem(r: Row): string | undefined {
  if (typeof r?.id !== 'string' || typeof r.name !== 'string' || r.name === '') return 'needs an id and a name'
  if (r.primitive !== undefined && !PRIMITIVES.has(String(r.primitive))) return `unknown primitive ${r.primitive}`
  if (r.mode !== undefined && !MODES.has(String(r.mode))) return `unknown mode ${r.mode}`
  if (r.mode !== undefined && r.primitive !== undefined) return 'a mode is no primitive'
  if (r.oid !== undefined && !OID.test(String(r.oid))) return `not an OID: ${r.oid}`
  const level = r.classical_security_level
  if (level !== undefined && !(Number.isInteger(level) && (level as number) > 0)) return 'classical level: bits'
  const category = r.nist_quantum_security_level
  if (category !== undefined && !(Number.isInteger(category) && (category as number) >= 0 && (category as number) <= 6))
    return 'NIST quantum level: 0 to 6'
  const unsourced = [
    ['primitive', 'primitive_source'],
    ['oid', 'oid_source'],
    ['classical_security_level', 'classical_source'],
    ['nist_quantum_security_level', 'nist_quantum_source'],
  ].find(([value, source]) => r[value as string] !== undefined && !r[source as string])
  return unsourced ? `${unsourced[0]} without ${unsourced[1]}` : undefined
}

function facts(r: Row): CbomFacts {
  const out: CbomFacts = { name: String(r.name) }
  if (r.primitive !== undefined) out.primitive = String(r.primitive)
  if (r.family !== undefined) out.family = String(r.family)
  if (r.mode !== undefined) out.mode = String(r.mode)
  if (r.oid !== undefined) out.oid = String(r.oid)
  if (r.classical_security_level !== undefined) out.classicalSecurityLevel = r.classical_security_level as number
  if (r.nist_quantum_security_level !== undefined)
    out.nistQuantumSecurityLevel = r.nist_quantum_security_level as number
  if (r.levels_are_lowest === true) out.levelsAreLowest = true
  return out
}
