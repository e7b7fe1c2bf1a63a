// Runs Semgrep-format rules (the subset in src/domain/rulesets/types.ts) over one source file: `pattern-regex` with
// JavaScript regular expressions, `pattern` structurally through @ast-grep/napi, combined by `patterns`,
// `pattern-either`, `pattern-not` and `metavariable-regex` as Semgrep defines them. Never throws on bad source:
// a file that does not parse yields no structural matches.
import type { NapiConfig, SgNode, SgRoot } from '@ast-grep/napi'
import type { PatternClause, SemgrepRule } from '../domain/rulesets/types.ts'
import { astMatchers, parserLanguage, parseSource } from './ast-languages.ts'

export interface EngineMatch {
  /** 1-based line where the match starts. */
  line: number
  /** Identity of the matched range, to intersect clauses. */
  key: string
  /** Metavariables (`$ALG`) bound by the match, with their source text. */
  captures: Map<string, string>
}

/** One file, parsed at most once whatever the number of rules run on it. */
export class SourceUnit {
  private parsed: SgRoot | null | undefined
  private lineStarts: number[] | undefined
  readonly parser: string | undefined

  constructor(
    readonly language: string,
    readonly content: string,
    tsx = false,
  ) {
    this.parser = parserLanguage(language, tsx)
  }

  root(): SgNode | undefined {
    if (this.parsed === undefined) {
      try {
        this.parsed = this.parser ? parseSource(this.parser, this.content) : null
      } catch {
        this.parsed = null
      }
    }
    return this.parsed?.root()
  }

  lineAt(offset: number): number {
    if (!this.lineStarts) {
      this.lineStarts = [0]
      for (let i = this.content.indexOf('\n'); i >= 0; i = this.content.indexOf('\n', i + 1))
        this.lineStarts.push(i + 1)
    }
    let lo = 0
    let hi = this.lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((this.lineStarts[mid] as number) <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
}

/** Every match of `rule` in `unit`, ordered by line. */
export function runRule(rule: SemgrepRule, unit: SourceUnit): EngineMatch[] {
  const top: PatternClause[] = []
  if (rule['pattern-regex'] !== undefined) top.push({ 'pattern-regex': rule['pattern-regex'] })
  if (rule.pattern !== undefined) top.push({ pattern: rule.pattern })
  if (rule.patterns !== undefined) top.push({ patterns: rule.patterns })
  if (rule['pattern-either'] !== undefined) top.push({ 'pattern-either': rule['pattern-either'] })
  if (top.length !== 1)
    throw new Error(`rule ${rule.id}: needs exactly one of pattern-regex, pattern, patterns, pattern-either`)
  return evaluate(top[0] as PatternClause, unit).sort((a, b) => a.line - b.line)
}

function evaluate(clause: PatternClause, unit: SourceUnit): EngineMatch[] {
  if ('pattern-regex' in clause) return regexMatches(clause['pattern-regex'], unit)
  if ('pattern' in clause) return structuralMatches(clause.pattern, unit)
  if ('pattern-either' in clause) return union(clause['pattern-either'].map((c) => evaluate(c, unit)))
  if ('patterns' in clause) return conjunction(clause.patterns, unit)
  throw new Error(`clause ${Object.keys(clause)[0]} is only allowed inside patterns`)
}

function conjunction(clauses: PatternClause[], unit: SourceUnit): EngineMatch[] {
  const positive = clauses.filter((c) => !('pattern-not' in c) && !('metavariable-regex' in c))
  if (positive.length === 0) throw new Error('patterns needs at least one positive clause')
  let out = evaluate(positive[0] as PatternClause, unit)
  for (const c of positive.slice(1)) {
    const other = new Map<string, EngineMatch[]>()
    for (const o of evaluate(c, unit)) other.set(o.key, [...(other.get(o.key) ?? []), o])
    out = out.flatMap((m) =>
      (other.get(m.key) ?? [])
        .filter((o) => [...o.captures].every(([k, v]) => !m.captures.has(k) || m.captures.get(k) === v))
        .map((o) => ({ ...m, captures: new Map([...o.captures, ...m.captures]) })),
    )
  }
  for (const c of clauses) {
    if ('pattern-not' in c) {
      const excluded = new Set(structuralMatches(c['pattern-not'], unit).map((m) => m.key))
      out = out.filter((m) => !excluded.has(m.key))
    } else if ('metavariable-regex' in c) {
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
  }
  return out
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
export function compileRegex(source: string, global = true): RegExp {
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
    out.push({ line: unit.lineAt(m.index), key: `o${m.index}-${m.index + m[0].length}`, captures })
  }
  return out
}

const matcherCache = new Map<string, (string | NapiConfig)[]>()

const anchorCache = new Map<string, string>()

/**
 * The longest identifier a pattern names outside string literals and metavariables. Identifiers in a pattern match
 * only themselves, so every match contains it verbatim: a file without it cannot match, and is not searched (nor
 * parsed, when no pattern's anchor occurs). Walking the syntax tree once per pattern is what costs; this skips it.
 */
export function anchorOf(pattern: string): string {
  let anchor = anchorCache.get(pattern)
  if (anchor === undefined) {
    const bare = pattern
      .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`]*`/g, ' ')
      .replace(/\$+[A-Z_][A-Z0-9_]*/g, ' ')
    anchor = (bare.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []).reduce((a, w) => (w.length > a.length ? w : a), '')
    anchorCache.set(pattern, anchor)
  }
  return anchor
}

function structuralMatches(pattern: string, unit: SourceUnit): EngineMatch[] {
  const anchor = anchorOf(pattern)
  if (anchor !== '' && !unit.content.includes(anchor)) return []
  const root = unit.root()
  if (!root || !unit.parser) return []
  const cacheKey = `${unit.parser}\0${pattern}`
  let matchers = matcherCache.get(cacheKey)
  if (!matchers) {
    matchers = astMatchers(unit.parser, pattern)
    matcherCache.set(cacheKey, matchers)
  }
  const names = [...new Set(pattern.match(/\$[A-Z_][A-Z0-9_]*/g) ?? [])]
  const out: EngineMatch[] = []
  for (const matcher of matchers) {
    for (const node of root.findAll(matcher)) {
      const r = node.range()
      const captures = new Map<string, string>()
      for (const name of names) {
        const bound = node.getMatch(name.slice(1))
        if (bound) captures.set(name, bound.text())
      }
      const key = `a${r.start.line}:${r.start.column}-${r.end.line}:${r.end.column}`
      out.push({ line: r.start.line + 1, key, captures })
    }
  }
  return union([out])
}
