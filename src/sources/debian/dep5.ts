// Licenses from a machine-readable debian/copyright (DEP-5, copyright-format 1.0): docs/debian.md, "Licenses from
// debian/copyright".
//
// A file is DEP-5 when its first paragraph has a Format (or the draft's Format-Specification) field; any other
// copyright file is { format: 'text' } (see copyright-text.ts). Each Files paragraph's License first line is an
// expression of short names: `or` (a choice), `and` (both), `and` binding tighter unless a comma precedes
// (`A or B, and C` = (A OR B) AND C), `<name> with <keywords> exception` (also spelt as one name,
// GPL-3+-with-bison-exception). Names map to SPDX by dep5-names.ts, reading the license text given with the name
// (the rest of the License field, or the stand-alone License paragraph of that name) for a bare GNU name's version.
// A name still unknown is offered, with its text, to options.match (the SPDX text matcher the caller has, see
// copyright-text.ts) and otherwise becomes LicenseRef-<name> (letters, digits and '.' kept, '+' as -plus, anything
// else as '-'; the file's first spelling of a name for all its spellings) and is listed in `unknown`. An exception
// with no SPDX id makes LicenseRef-<license>-with-<keyword>-exception of the whole.
import { foldDeb822, parseDeb822 } from './deb822.ts'
import { type LicenseExpr, mapException, mapShortName } from './dep5-names.ts'

interface Dep5Files {
  /** The Files field's patterns. */
  patterns: string[]
  /** The License field's first line, as written. */
  license: string
  /** SPDX expression; null when the License field names no license. */
  expression: string | null
  /** Only debian/ files: the packaging, not the packaged software (left out of `expression` of the whole). */
  packaging: boolean
}

export interface Dep5Copyright {
  format: 'dep5'
  /**
   * The package's licenses: the distinct expressions of its Files paragraphs joined with AND, Files: * first; the
   * packaging's (debian/*) left out unless there is nothing else; the header's License when there are no Files
   * paragraphs. null when nothing names a license.
   */
  expression: string | null
  /** The (last) `Files: *` paragraph's expression; the header's License if there is none; else null. */
  mainExpression: string | null
  files: Dep5Files[]
  /** Every short name (with its exception, if any) as first written, and what it became. */
  names: { name: string; expression: string }[]
  /** Short names without an SPDX id (each a LicenseRef- in the expressions), as first written. */
  unknown: string[]
  /** Short names not in the table that options.match recognised from their license text. */
  matched: { name: string; id: string }[]
}

export interface Dep5Options {
  /** Recognises a license text: an SPDX id, or null (the ingester's matcher, ingest/analyzers/license-match.ts). */
  match?: (text: string) => string | null
}

export function parseDep5(text: string, options: Dep5Options = {}): Dep5Copyright | { format: 'text' } {
  const paragraphs = [...parseDeb822(text)]
  const header = paragraphs[0]
  if (!header || !(header.has('Format') || header.has('Format-Specification'))) return { format: 'text' }
  const texts = new Map<string, string>()
  for (const p of paragraphs.slice(1)) {
    const [name, body] = splitLicense(p.get('License'))
    if (!p.has('Files') && name && !texts.has(name.toLowerCase())) texts.set(name.toLowerCase(), body)
  }
  const names = new Names(texts, options.match)
  const files: (Dep5Files & { expr: LicenseExpr | undefined })[] = []
  for (const p of paragraphs) {
    const files_ = p.get('Files')
    if (files_ === undefined) continue
    const patterns = foldDeb822(files_).split(' ').filter(Boolean)
    const [license, body] = splitLicense(p.get('License'))
    const expr = names.expression(license, body)
    const packaging = patterns.length > 0 && patterns.every((f) => f === 'debian' || f.startsWith('debian/'))
    files.push({ patterns, license, expression: expr ? serialise(expr) : null, packaging, expr })
  }
  const headerExpr = names.expression(...splitLicense(header.get('License')))
  const main = files.findLast((f) => f.patterns.includes('*') && f.expr)?.expr ?? headerExpr
  const upstream = files.filter((f) => !f.packaging && f.expr).map((f) => f.expr as LicenseExpr)
  const packaging = files.filter((f) => f.packaging && f.expr).map((f) => f.expr as LicenseExpr)
  const parts = upstream.length > 0 ? upstream : headerExpr ? [headerExpr] : packaging
  const whole = parts.length > 0 ? combine('AND', main ? [main, ...parts] : parts) : undefined
  return {
    format: 'dep5',
    expression: whole ? serialise(whole) : null,
    mainExpression: main ? serialise(main) : null,
    files: files.map(({ expr: _, ...f }) => f),
    names: names.names,
    unknown: names.unknown,
    matched: names.matched,
  }
}

/** [first line, the rest] of a License field. */
function splitLicense(value: string | undefined): [string, string] {
  if (value === undefined) return ['', '']
  const nl = value.indexOf('\n')
  return nl < 0 ? [value.trim(), ''] : [value.slice(0, nl).trim(), value.slice(nl + 1)]
}

/** Resolves the names of one file, remembering the unknown ones and the first spelling of each. */
class Names {
  readonly unknown: string[] = []
  readonly matched: { name: string; id: string }[] = []
  readonly names: { name: string; expression: string }[] = []
  readonly #seen = new Set<string>()
  readonly #refs = new Map<string, LicenseExpr>()
  readonly #texts: Map<string, string>
  readonly #match: Dep5Options['match']

  constructor(texts: Map<string, string>, match: Dep5Options['match']) {
    this.#texts = texts
    this.#match = match
  }

  /** The expression of a License first line; `body`: the license text written with it. */
  expression(line: string, body: string): LicenseExpr | undefined {
    // The text written with the License line is that name's when the line is one name (with its exception).
    if (/,|\s(?:and|or)\s/i.test(line)) body = ''
    const groups = line.split(/,\s*(and|or)\s+/i)
    let result = this.#group(groups[0] as string, body)
    for (let i = 1; i + 1 < groups.length; i += 2) {
      const next = this.#group(groups[i + 1] as string, body)
      const op = (groups[i] as string).toLowerCase() === 'or' ? 'OR' : 'AND'
      result = result && next ? combine(op, [result, next]) : (result ?? next)
    }
    return result
  }

  #group(text: string, body: string): LicenseExpr | undefined {
    const tokens = text.replace(/,/g, ' ').split(/\s+/).filter(Boolean)
    const alternatives: LicenseExpr[][] = [[]]
    for (let i = 0; i < tokens.length; i++) {
      const word = (tokens[i] as string).toLowerCase()
      if (word === 'or') alternatives.push([])
      else if (word !== 'and' && word !== '&') {
        const name = (tokens[i] as string).replace(/[.;]+$/, '')
        let keywords: string[] | undefined
        if (tokens[i + 1]?.toLowerCase() === 'with') {
          keywords = []
          for (i += 2; i < tokens.length && !/^(and|or)$/i.test(tokens[i] as string); i++) {
            if (/^exceptions?$/i.test(tokens[i] as string)) break
            keywords.push(tokens[i] as string)
          }
        }
        const keyword = keywords?.join(' ')
        const written = keyword === undefined ? name : `${name} with ${keyword} exception`
        const term = this.#term(name, keyword, body || this.#texts.get(written.toLowerCase()) || '')
        this.#record(written, term)
        ;(alternatives.at(-1) as LicenseExpr[]).push(term)
      }
    }
    const ors = alternatives.filter((a) => a.length > 0).map((a) => combine('AND', a))
    return ors.length > 0 ? combine('OR', ors) : undefined
  }

  /** One name, with its exception keyword; `body`: its text written with the License line or in its own paragraph. */
  #term(name: string, keyword: string | undefined, body: string): LicenseExpr {
    const text = body || this.#texts.get(name.toLowerCase()) || ''
    if (keyword !== undefined) return this.#withException(name, keyword, `${name} with ${keyword} exception`, text)
    const known = mapShortName(name, text)
    if (known) return known
    const joined = /^(.+)-(?:with-)?(.+?)-exceptions?$/i.exec(name)
    for (let cut = name.lastIndexOf('-'); joined && cut > 0; cut = name.lastIndexOf('-', cut - 1)) {
      const base = name.slice(0, cut)
      const kw = name
        .slice(cut + 1)
        .replace(/^with-/i, '')
        .replace(/-exceptions?$/i, '')
      if (kw !== '' && !/^exceptions?$/i.test(kw) && mapShortName(base, text))
        return this.#withException(base, kw, name, text)
    }
    const id = text.trim() !== '' ? this.#match?.(text) : null
    if (id) {
      if (!this.matched.some((m) => m.name.toLowerCase() === name.toLowerCase())) this.matched.push({ name, id })
      return { id }
    }
    return this.#ref(name, name)
  }

  #record(written: string, e: LicenseExpr): void {
    const key = written.toLowerCase()
    if (this.#seen.has(key)) return
    this.#seen.add(key)
    this.names.push({ name: written, expression: serialise(e) })
  }

  #withException(name: string, keyword: string, written: string, text: string): LicenseExpr {
    const base = mapShortName(name, text)
    const id = base && 'id' in base && !base.exception ? base.id : undefined
    const exception = id && !id.startsWith('LicenseRef-') ? mapException(keyword, id, text) : undefined
    if (id && exception) return { id, exception }
    return this.#ref(`${id ?? name}-with-${keyword}-exception`, written)
  }

  #ref(name: string, written: string): LicenseExpr {
    const key = name.toLowerCase()
    let ref = this.#refs.get(key)
    if (!ref) {
      ref = { id: `LicenseRef-${sanitise(name)}` }
      this.#refs.set(key, ref)
      this.unknown.push(written)
    }
    return ref
  }
}

/** A LicenseRef idstring: letters, digits, '.' and '-' ('+' spelt -plus). */
function sanitise(name: string): string {
  const s = name
    .replace(/\+/g, '-plus')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
  return s || 'unknown'
}

/** AND/OR of expressions, nested ones of the same operator flattened and repeats dropped. */
function combine(op: 'AND' | 'OR', args: LicenseExpr[]): LicenseExpr {
  const flat = new Map<string, LicenseExpr>()
  for (const a of args) for (const x of 'op' in a && a.op === op ? a.args : [a]) flat.set(serialise(x), x)
  const list = [...flat.values()]
  return list.length === 1 ? (list[0] as LicenseExpr) : { op, args: list }
}

/** SPDX text; a nested compound expression is parenthesised. */
export function serialise(e: LicenseExpr, nested = false): string {
  if ('id' in e) return e.exception ? `${e.id} WITH ${e.exception}` : e.id
  const s = e.args.map((a) => serialise(a, true)).join(` ${e.op} `)
  return nested ? `(${s})` : s
}
