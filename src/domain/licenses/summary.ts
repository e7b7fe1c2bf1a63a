// What one version's license facts say (docs/licenses.md): the `statement` and the license list of a license answer.
import parse from 'spdx-expression-parse'
import { type LicenseEntry, licenseEntry } from './spdx.ts'
import type { VersionLicenses } from './types.ts'

export interface LicenseSummary {
  /** The declared SPDX expression as stored (OR/AND kept), else the detected ids joined with " AND ", else ''. */
  statement: string
  /** Declared ids (in expression order) then detected ones, once each; non-SPDX ids kept, not approved. */
  licenses: LicenseEntry[]
}

/** Whether the KB knows anything about the licenses of this version (a declared or a detected license). */
export function hasLicenseFacts(v: VersionLicenses | undefined): v is VersionLicenses {
  return v !== undefined && (v.expression !== null || v.facts.length > 0)
}

export function summarise(v: VersionLicenses): LicenseSummary {
  const declaredRows = v.facts.filter((f) => f.kind === 'declared').map((f) => f.licenseId)
  const detected = unique(v.facts.filter((f) => f.kind === 'detected').map((f) => entryOf(f.licenseId).id))
  const declared = v.expression === null ? [] : idsOf(v.expression)
  const entries = new Map<string, LicenseEntry>()
  for (const id of [...declared, ...declaredRows, ...detected]) {
    const entry = entryOf(id)
    if (!entries.has(entry.id)) entries.set(entry.id, entry)
  }
  return { statement: v.expression ?? detected.join(' AND '), licenses: [...entries.values()] }
}

// A batch repeats the same few expressions and ids; parsing each once keeps a 1,000-component answer cheap.
// Bounded: emptied when full (ids and expressions come from the KB, but LicenseRef-… strings are open-ended).
const MEMO_LIMIT = 10_000
function memo<T>(fn: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>()
  return (key) => {
    let hit = cache.get(key)
    if (hit === undefined) {
      if (cache.size >= MEMO_LIMIT) cache.clear()
      hit = fn(key)
      cache.set(key, hit)
    }
    return hit
  }
}
const entryOf = memo((id) => Object.freeze(licenseEntry(id)))
const idsOf = memo((expression) => Object.freeze(expressionIds(expression)))

/** The license ids of an SPDX expression in the order they are written ('+' kept; exceptions are not licenses). */
export function expressionIds(expression: string): string[] {
  let tree: parse.Info
  try {
    tree = parse(expression)
  } catch {
    return []
  }
  const out: string[] = []
  const walk = (t: parse.Info): void => {
    if ('conjunction' in t) {
      walk(t.left)
      walk(t.right)
    } else out.push(`${t.license}${t.plus ? '+' : ''}`)
  }
  walk(tree)
  return unique(out)
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)]
}
