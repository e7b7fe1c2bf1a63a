// Normalises npm's declared `license` (SPDX expression, legacy {type, url} object or `licenses` array) to SPDX.
//
// Steps: trim; parse as an SPDX expression as-is; else fix it with spdx-correct, as a whole when it is one name
// ("Apache 2.0", "GPLv3") or name by name between AND/OR/WITH/parentheses ("mit or apache 2.0"); a '/' between
// names means OR ("MIT/Apache-2.0"), except the alias "MIT/X11" (= MIT). Valid only if the result parses. The
// expression is re-serialised canonically: compound expressions in parentheses, operators upper-case.
// Ids that parse as-is are kept even when deprecated ("GPL-3.0" stays "GPL-3.0"). Special values:
//   UNLICENSED              → expression null, ids ['LicenseRef-UNLICENSED'], valid false (proprietary)
//   SEE LICENSE IN <file>   → expression null, ids ['LicenseRef-see-license-file'], valid false
//   anything else unparsable → expression null, ids ['LicenseRef-<raw, sanitised>'], valid false (kept, never dropped)
//   '', null, undefined     → raw '', expression null, ids [], valid false
// A legacy array [{type}, …] means a choice: its entries are joined with OR (raw: the types joined with ' OR ').
import spdxCorrect from 'spdx-correct'
import parse from 'spdx-expression-parse'

export interface DeclaredLicense {
  raw: string
  expression: string | null
  /** License ids in the expression, in order, once each (with '+' when present; exceptions are not ids). */
  ids: string[]
  valid: boolean
}

type Tree = parse.Info

const ALIASES: Record<string, string> = { 'mit/x11': 'MIT', 'x11/mit': 'MIT' }
const OPERATOR = /(\(|\)|\s+(?:AND|OR|WITH)\s+)/i

export function normaliseDeclaredLicense(raw: unknown): DeclaredLicense {
  if (!Array.isArray(raw)) return fromText(rawText(raw))
  const texts = raw.map(rawText).filter((t) => t !== '')
  if (texts.length <= 1) return fromText(texts[0] ?? '')
  const parts = texts.map(fromText)
  const text = texts.join(' OR ')
  const trees = parts.map((p) => (p.valid && p.expression !== null ? tryParse(p.expression) : null))
  if (trees.every((t): t is Tree => t !== null)) {
    const tree = trees.reduceRight((right, left) => ({ left, conjunction: 'or', right }))
    return { raw: text, expression: serialise(tree), ids: idsOf(tree), valid: true }
  }
  return { raw: text, expression: null, ids: [...new Set(parts.flatMap((p) => p.ids))], valid: false }
}

function rawText(x: unknown): string {
  if (typeof x === 'string') return x.trim()
  if (x === undefined || x === null) return ''
  const type = (x as { type?: unknown }).type
  if (typeof x === 'object' && typeof type === 'string') return type.trim()
  return (JSON.stringify(x) ?? String(x)).slice(0, 200)
}

function fromText(text: string): DeclaredLicense {
  if (text === '') return { raw: '', expression: null, ids: [], valid: false }
  if (/^UNLICENSED$/i.test(text)) return invalid(text, 'LicenseRef-UNLICENSED')
  if (/^SEE LICEN[CS]E IN\b/i.test(text)) return invalid(text, 'LicenseRef-see-license-file')
  const tree = resolve(text)
  if (!tree) return invalid(text, `LicenseRef-${sanitise(text)}`)
  return { raw: text, expression: serialise(tree), ids: idsOf(tree), valid: true }
}

const invalid = (raw: string, id: string): DeclaredLicense => ({ raw, expression: null, ids: [id], valid: false })

function resolve(text: string): Tree | null {
  const alias = ALIASES[text.toLowerCase()]
  if (alias) return tryParse(alias)
  const direct = tryParse(text)
  if (direct) return direct
  const compound = OPERATOR.test(text) || text.includes('/')
  if (!compound) {
    const fixed = spdxCorrect(text)
    return fixed ? tryParse(fixed) : null
  }
  return tryParse(correctParts(text.replace(/\s*\/\s*/g, ' OR ')))
}

/** Corrects each license name between operators and parentheses; an exception (after WITH) is kept as written. */
function correctParts(text: string): string {
  const out: string[] = []
  for (const piece of text.split(OPERATOR)) {
    const p = piece.trim()
    const op = p.toUpperCase()
    if (p === '') continue
    if (p === '(' || p === ')' || op === 'AND' || op === 'OR' || op === 'WITH') out.push(op)
    else out.push(out.at(-1) === 'WITH' ? p : (spdxCorrect(p) ?? p))
  }
  return out.join(' ')
}

function tryParse(text: string): Tree | null {
  try {
    return parse(text)
  } catch {
    return null
  }
}

/** Canonical text: a compound expression in parentheses unless its parent has the same operator. */
function serialise(t: Tree, parent?: 'and' | 'or'): string {
  if ('conjunction' in t) {
    const s = `${serialise(t.left, t.conjunction)} ${t.conjunction.toUpperCase()} ${serialise(t.right, t.conjunction)}`
    return parent === t.conjunction ? s : `(${s})`
  }
  return `${t.license}${t.plus ? '+' : ''}${t.exception ? ` WITH ${t.exception}` : ''}`
}

function idsOf(t: Tree, out: string[] = []): string[] {
  if ('conjunction' in t) {
    idsOf(t.left, out)
    idsOf(t.right, out)
  } else {
    const id = `${t.license}${t.plus ? '+' : ''}`
    if (!out.includes(id)) out.push(id)
  }
  return out
}

/** A LicenseRef idstring: letters, digits, '.' and '-' only (at most 64 characters). */
/** A text no SPDX id names, kept as a license reference (`LicenseRef-<text, sanitised>`), never corrected. */
export function licenseRef(text: string): DeclaredLicense {
  return invalid(text, `LicenseRef-${sanitise(text)}`)
}

function sanitise(text: string): string {
  return (
    text
      .replace(/[^A-Za-z0-9.]+/g, '-')
      .slice(0, 64)
      .replace(/^[-.]+|[-.]+$/g, '') || 'unknown'
  )
}
