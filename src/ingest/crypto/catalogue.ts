// The cryptographic algorithm catalogue (data/crypto-algorithms, CC0, pinned upstream version in its README):
// algorithm ids, names, categories, bit strengths and detection keywords, read once per process.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export interface CatalogueAlgorithm {
  /** The upstream algorithmId, e.g. `aes`, `sha1`, `rsa-oaep`. */
  id: string
  name: string
  category: string
  /** The upstream `strength` as written (bits; `128-256`, `''` when unknown). */
  strengthBits: string
  /** Lower-case substrings to look for in lower-cased source (cleaned as data/crypto-algorithms/README.md says). */
  keywords: string[]
}

export const CATALOGUE_DIR = fileURLToPath(new URL('../../../data/crypto-algorithms/', import.meta.url))

let cached: CatalogueAlgorithm[] | undefined

/** Every algorithm of the catalogue, sorted by id. */
export function loadCatalogue(dir = CATALOGUE_DIR): CatalogueAlgorithm[] {
  if (dir === CATALOGUE_DIR && cached) return cached
  const meta = yamlTree(path.join(dir, 'algorithms'))
  const defs = new Map(yamlTree(path.join(dir, 'definitions')).map((d) => [String(d.algorithmId), d]))
  const out = meta.map((m) => {
    const id = String(m.algorithmId)
    const kw = defs.get(id)?.keywords
    return {
      id,
      name: String(m.algorithm ?? id),
      category: String(m.category ?? ''),
      strengthBits: m.strength === '-' || m.strength == null ? '' : String(m.strength),
      keywords: cleanKeywords(Array.isArray(kw) ? kw : []),
    }
  })
  out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  if (dir === CATALOGUE_DIR) cached = out
  return out
}

export function cleanKeywords(raw: readonly unknown[]): string[] {
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
