// The cryptographic algorithm catalogue (data/crypto-algorithms, CC0, pinned upstream version in its README):
// algorithm ids, names, categories, bit strengths and detection keywords, read once per process, with compintel's
// own keyword changes (data/crypto-keywords/keywords.yaml: additions and removals, each explained there) and each
// algorithm's CBOM facts (data/crypto-cbom, cbom-table.ts), which must cover the catalogue exactly.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import type { CatalogueAlgorithm } from '../../domain/cryptography/types.ts'
import { CBOM_TABLE, loadCbomTable } from './cbom-table.ts'

const CATALOGUE_DIR = fileURLToPath(new URL('../../../data/crypto-algorithms/', import.meta.url))
const KEYWORD_CHANGES = fileURLToPath(new URL('../../../data/crypto-keywords/keywords.yaml', import.meta.url))

interface KeywordChanges {
  add?: Record<string, unknown[]>
  remove?: Record<string, unknown[]>
}

let cached: CatalogueAlgorithm[] | undefined

/** Every algorithm of the catalogue, sorted by id. */
export function loadCatalogue(
  dir = CATALOGUE_DIR,
  changesFile: string | null = KEYWORD_CHANGES,
  cbomFile: string | null = CBOM_TABLE,
): CatalogueAlgorithm[] {
  const standard = dir === CATALOGUE_DIR && changesFile === KEYWORD_CHANGES && cbomFile === CBOM_TABLE
  if (standard && cached) return cached
  const changes = (changesFile ? parse(readFileSync(changesFile, 'utf8')) : {}) as KeywordChanges
  const cbom = cbomFile ? loadCbomTable(cbomFile) : undefined
  const meta = yamlTree(path.join(dir, 'algorithms'))
  const defs = new Map(yamlTree(path.join(dir, 'definitions')).map((d) => [String(d.algorithmId), d]))
  const out = meta.map((m) => {
    const id = String(m.algorithmId)
    const listed = defs.get(id)?.keywords
    const removed = new Set(cleanKeywords(changes.remove?.[id] ?? []))
    const kw = [...(Array.isArray(listed) ? listed : []), ...(changes.add?.[id] ?? [])]
    return {
      id,
      name: String(m.algorithm ?? id),
      category: String(m.category ?? ''),
      strengthBits: m.strength === '-' || m.strength == null ? '' : String(m.strength),
      keywords: cleanKeywords(kw).filter((k) => !removed.has(k)),
      ...(cbom?.has(id) ? { cbom: cbom.get(id) } : {}),
    }
  })
  out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const unknown = Object.keys({ ...changes.add, ...changes.remove }).filter((id) => !out.some((a) => a.id === id))
  if (unknown.length > 0) throw new Error(`keyword changes name algorithms the catalogue lacks: ${unknown.join(', ')}`)
  const uncovered = cbom ? symmetricDifference(new Set(out.map((a) => a.id)), new Set(cbom.keys())) : []
  if (uncovered.length > 0) throw new Error(`the CBOM table and the catalogue differ on: ${uncovered.join(', ')}`)
  if (standard) cached = out
  return out
}

function symmetricDifference(a: ReadonlySet<string>, b: ReadonlySet<string>): string[] {
  return [...[...a].filter((x) => !b.has(x)), ...[...b].filter((x) => !a.has(x))]
}

function cleanKeywords(raw: readonly unknown[]): string[] {
  const seen = new Set<string>()
  for (const r of raw) {
    let k = String(r).trim().toLowerCase()
    if (k.endsWith('"') && k.indexOf('"') === k.length - 1) k = k.slice(0, -1).trimEnd()
    if (k.length >= 3) seen.add(k)
  }
  return [...seen].sort()
}

function yamlTree(root: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = []
  for (const category of readdirSync(root).sort()) {
    const dir = path.join(root, category)
    for (const f of readdirSync(dir).sort()) {
      if (f.endsWith('.yaml')) out.push(parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, unknown>)
    }
  }
  return out
}
