// A rule's text prefilter: a `metavariable-regex` of the rule's top-level `patterns` must match the text some match
// binds, which is part of the file; so the file itself must contain a match of the regex without its start and end
// anchors. Searching the text is far cheaper than walking the syntax tree, so a file without one skips the rule.
// Only regexes whose meaning cannot depend on the text around the binding are used: no lookaround, backreference
// or word boundary, and `^`/`$` only as the first and last anchors (docs/semgrep.md "Engine").
import type { PatternClause, SemgrepRule } from '../../domain/rulesets/types.ts'

const cache = new WeakMap<SemgrepRule<object>, RegExp[]>()

/** Regexes the file's text must each match for `rule` to have any match there. */
export function requiredText(rule: SemgrepRule<object>): RegExp[] {
  let out = cache.get(rule)
  if (!out) {
    out = (rule.patterns ?? []).flatMap((c: PatternClause) => {
      const re = 'metavariable-regex' in c ? unanchored(c['metavariable-regex'].regex) : undefined
      return re ? [re] : []
    })
    cache.set(rule, out)
  }
  return out
}

const CONTEXTUAL = /\\[bB1-9k]|\(\?<?[=!]/

/** The regex searched anywhere (same flags as compileRegex), or undefined when that would not be implied by it. */
export function unanchored(source: string): RegExp | undefined {
  const insensitive = source.startsWith('(?i)')
  let body = insensitive ? source.slice(4) : source
  if (body.startsWith('^')) body = body.slice(1)
  if (body.endsWith('$') && !body.endsWith('\\$')) body = body.slice(0, -1)
  if (CONTEXTUAL.test(body) || hasAnchor(body)) return undefined
  body = withoutOptionalPrefix(body)
  if (body === '') return undefined
  try {
    return new RegExp(body.replace(/\(\?P</g, '(?<'), `m${insensitive ? 'i' : ''}`)
  } catch {
    return undefined
  }
}

/**
 * Without leading atoms that may match nothing (`[\w$]*`, `.*?`, `(?:…)*?`): searched anywhere they only add
 * characters before a match, and from every start position they would cost time quadratic in the file's length.
 */
function withoutOptionalPrefix(body: string): string {
  for (;;) {
    const end = atomEnd(body)
    const q = end === undefined ? null : /^(?:\*\??|\?\??|\{0(?:,\d*)?\}\??)/.exec(body.slice(end))
    if (end === undefined || !q) return body
    body = body.slice(end + q[0].length)
  }
}

/** Where the atom starting the regex ends: a character, an escape, a class or a group; undefined if unsure. */
function atomEnd(body: string): number | undefined {
  const ch = body[0]
  if (ch === undefined || ch === ')' || ch === '|') return undefined
  if (ch === '\\') return 2
  if (ch === '[') {
    for (let i = body[1] === '^' ? 2 : 1, first = true; i < body.length; i++, first = false) {
      if (body[i] === '\\') i++
      else if (body[i] === ']' && !first) return i + 1
    }
    return undefined
  }
  if (ch === '(') {
    let depth = 0
    let inClass = false
    for (let i = 0; i < body.length; i++) {
      const c = body[i]
      if (c === '\\') i++
      else if (inClass) inClass = c !== ']'
      else if (c === '[') inClass = true
      else if (c === '(') depth++
      else if (c === ')' && --depth === 0) return i + 1
    }
    return undefined
  }
  return 1
}

/** An unescaped `^` or `$` outside a character class (a `^` opening a class is a negation, not an anchor). */
function hasAnchor(body: string): boolean {
  let inClass = false
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]
    if (ch === '\\') i++
    else if (inClass) inClass = ch !== ']'
    else if (ch === '[') {
      inClass = true
      if (body[i + 1] === '^') i++
      if (body[i + 1] === ']') i++
    } else if (ch === '^' || ch === '$') return true
  }
  return false
}
