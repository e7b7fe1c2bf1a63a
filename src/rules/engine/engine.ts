// Runs Semgrep-format rules (the subset in src/domain/rulesets/types.ts) over one source file: `pattern-regex` with
// JavaScript regular expressions, `pattern` structurally through @ast-grep/napi, combined by `patterns`,
// `pattern-either`, `pattern-inside`, `pattern-not`, `pattern-not-inside` and `metavariable-regex` as Semgrep defines
// them. Never throws on bad source: a file that does not parse yields no structural matches.
import type { PatternClause, SemgrepRule } from '../../domain/rulesets/types.ts'
import { requiredText } from './prefilter.ts'
import type { EngineMatch, SourceUnit } from './source-unit.ts'
import { anyMatches, structuralMatches } from './structural.ts'

/** Larger files are not run through rules (generated bundles): parsing and walking them costs more than it finds. */
export const MAX_RULE_FILE_CHARS = 256 * 1024

/** Every match of `rule` in `unit`, ordered by line. */
export function runRule(rule: SemgrepRule<object>, unit: SourceUnit): EngineMatch[] {
  const top: PatternClause[] = []
  if (rule['pattern-regex'] !== undefined) top.push({ 'pattern-regex': rule['pattern-regex'] })
  if (rule.pattern !== undefined) top.push({ pattern: rule.pattern })
  if (rule.patterns !== undefined) top.push({ patterns: rule.patterns })
  if (rule['pattern-either'] !== undefined) top.push({ 'pattern-either': rule['pattern-either'] })
  if (top.length !== 1)
    throw new Error(`rule ${rule.id}: needs exactly one of pattern-regex, pattern, patterns, pattern-either`)
  const clause = top[0] as PatternClause
  for (const re of requiredText(rule)) if (!re.test(unit.content)) return []
  // one walk each for the patterns matches come from, and for what they must lie inside, before a walk per pattern
  const sources = sourcePatterns(clause)
  if (sources && sources.length > 1 && !anyMatches(sources, unit)) return []
  for (const c of rule.patterns ?? []) {
    const within = insides(c)
    if (within && !anyMatches(within, unit)) return []
  }
  return evaluate(clause, unit).sort((a, b) => a.line - b.line)
}

/**
 * Structural patterns one of which matches wherever the clause does (its matches come from them): of a
 * `pattern-either` every alternative's, of `patterns` one positive clause's. Undefined when regexes can produce
 * matches too.
 */
function sourcePatterns(clause: PatternClause): string[] | undefined {
  if ('pattern' in clause) return [clause.pattern]
  if ('pattern-either' in clause) {
    const each = clause['pattern-either'].map(sourcePatterns)
    return each.every((x) => x !== undefined) ? each.flat() : undefined
  }
  if ('patterns' in clause)
    for (const c of clause.patterns) {
      const found = FILTERS.some((f) => f in c) || insides(c) ? undefined : sourcePatterns(c)
      if (found) return found
    }
  return undefined
}

function evaluate(clause: PatternClause, unit: SourceUnit): EngineMatch[] {
  if ('pattern-regex' in clause) return regexMatches(clause['pattern-regex'], unit)
  if ('pattern' in clause) return structuralMatches(clause.pattern, unit)
  if ('pattern-either' in clause) return union(clause['pattern-either'].map((c) => evaluate(c, unit)))
  if ('patterns' in clause) return conjunction(clause.patterns, unit)
  throw new Error(`clause ${Object.keys(clause)[0]} is only allowed inside patterns`)
}

const FILTERS = ['pattern-not', 'pattern-inside', 'pattern-not-inside', 'metavariable-regex']

/** `pattern-inside`, or a `pattern-either` of them: the ranges a match must lie in. */
function insides(c: PatternClause): string[] | undefined {
  if ('pattern-inside' in c) return [c['pattern-inside']]
  if (!('pattern-either' in c) || !c['pattern-either'].every((x) => 'pattern-inside' in x)) return undefined
  return c['pattern-either'].map((x) => (x as { 'pattern-inside': string })['pattern-inside'])
}

/** Positive clauses intersected on the same range; then `pattern-inside` (binding), the negations, the regexes. */
function conjunction(clauses: PatternClause[], unit: SourceUnit): EngineMatch[] {
  const positive = clauses.filter((c) => !FILTERS.some((f) => f in c) && !insides(c))
  if (positive.length === 0) throw new Error('patterns needs at least one positive clause')
  let out = evaluate(positive[0] as PatternClause, unit)
  for (const c of positive.slice(1)) {
    if (out.length === 0) break
    const other = new Map<string, EngineMatch[]>()
    for (const o of evaluate(c, unit)) other.set(o.key, [...(other.get(o.key) ?? []), o])
    out = out.flatMap((m) => (other.get(m.key) ?? []).flatMap((o) => bind(m, o)))
  }
  for (const c of clauses) {
    const patterns = out.length > 0 ? insides(c) : undefined
    if (!patterns) continue
    const outer = patterns.flatMap((p) => structuralMatches(p, unit))
    out = out.flatMap((m) => outer.filter((o) => contains(o, m)).flatMap((o) => bind(m, o)))
  }
  for (const c of clauses) {
    if (out.length === 0) break
    if ('pattern-not' in c) {
      const excluded = new Set(structuralMatches(c['pattern-not'], unit).map((m) => m.key))
      out = out.filter((m) => !excluded.has(m.key))
    } else if ('pattern-not-inside' in c) {
      const outer = structuralMatches(c['pattern-not-inside'], unit)
      out = out.filter((m) => !outer.some((o) => contains(o, m) && bind(m, o).length > 0))
    }
  }
  for (const c of clauses)
    if ('metavariable-regex' in c) {
      const { metavariable, regex } = c['metavariable-regex']
      const re = compileRegex(regex, false)
      out = out.filter((m) => {
        const text = m.captures.get(metavariable)
        if (text === undefined) return false
        re.lastIndex = 0
        const hit = re.exec(text)
        return hit !== null && hit.index === 0 // Semgrep's metavariable-regex is anchored at the start
      })
    }
  return union([out])
}

/** `m` with the bindings of `o` added; none when a metavariable both bind has different texts. */
function bind(m: EngineMatch, o: EngineMatch): EngineMatch[] {
  for (const [k, v] of o.captures) if (m.captures.has(k) && m.captures.get(k) !== v) return []
  return [{ ...m, captures: new Map([...o.captures, ...m.captures]) }]
}

function contains(outer: EngineMatch, inner: EngineMatch): boolean {
  return outer.start <= inner.start && inner.end <= outer.end
}

/** The matches of all sets; one match per range and bindings (alternatives may bind the same range differently). */
function union(sets: EngineMatch[][]): EngineMatch[] {
  const seen = new Map<string, EngineMatch>()
  for (const set of sets)
    for (const m of set) {
      const id = `${m.key}\0${[...m.captures].map(([k, v]) => `${k}=${v}`).join('\0')}`
      if (!seen.has(id)) seen.set(id, m)
    }
  return [...seen.values()]
}

const regexCache = new Map<string, RegExp>()

/** A Semgrep (PCRE) regex as a JavaScript one: a leading `(?i)` becomes the i flag, `(?P<n>` a named group. */
function compileRegex(source: string, global = true): RegExp {
  const cacheKey = `${global ? 'g' : ''}${source}`
  let re = regexCache.get(cacheKey)
  if (!re) {
    const insensitive = source.startsWith('(?i)')
    const body = (insensitive ? source.slice(4) : source).replace(/\(\?P</g, '(?<')
    re = new RegExp(body, `${global ? 'g' : ''}m${insensitive ? 'i' : ''}`)
    regexCache.set(cacheKey, re)
  }
  return re
}

function regexMatches(source: string, unit: SourceUnit): EngineMatch[] {
  const re = compileRegex(source)
  re.lastIndex = 0
  const out: EngineMatch[] = []
  for (let m = re.exec(unit.content); m !== null; m = re.exec(unit.content)) {
    if (m[0].length === 0) re.lastIndex++
    const captures = new Map(
      Object.entries(m.groups ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[`$${k}`, v]])),
    )
    const end = m.index + m[0].length
    const endLine = unit.lineAt(Math.max(m.index, end - 1))
    out.push({ line: unit.lineAt(m.index), endLine, start: m.index, end, key: `${m.index}-${end}`, captures })
  }
  return out
}
