// Structural (`pattern`) matching for the rules engine: a Semgrep pattern becomes ast-grep matchers
// (ast-languages.ts), run over the file's syntax tree. Walking the tree is what costs (each findAll walks all of
// it), so two checks come first: a pattern's literal anchor must occur in the file's text, and a rule is only
// evaluated when one walk with all the patterns its matches must come from finds something (docs/semgrep.md
// "Engine").
import type { NapiConfig } from '@ast-grep/napi'
import { astMatchers } from './ast-languages.ts'
import type { EngineMatch, SourceUnit } from './source-unit.ts'

const anchorCache = new Map<string, string>()

/**
 * The longest identifier a pattern names outside string literals and metavariables. Identifiers in a pattern match
 * only themselves, so every match contains it verbatim: a file without it cannot match, and is not searched (nor
 * parsed, when no pattern's anchor occurs).
 */
function anchorOf(pattern: string): string {
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

function possible(pattern: string, unit: SourceUnit): boolean {
  const anchor = anchorOf(pattern)
  return anchor === '' || unit.content.includes(anchor)
}

const matcherCache = new Map<string, NapiConfig[]>()

function matchers(parser: string, pattern: string): NapiConfig[] {
  const key = `${parser}\0${pattern}`
  let out = matcherCache.get(key)
  if (!out) {
    out = astMatchers(parser, pattern).map((m) => (typeof m === 'string' ? { rule: { pattern: m } } : m))
    matcherCache.set(key, out)
  }
  return out
}

/**
 * Whether any of `patterns` matches anywhere in the file: one walk of the tree for all of them (a findAll per
 * pattern, later, gives the matches; sorting one walk's nodes to the patterns costs more, see docs/semgrep.md).
 */
export function anyMatches(patterns: readonly string[], unit: SourceUnit): boolean {
  const present = patterns.filter((p) => possible(p, unit))
  if (present.length === 0) return false
  const root = unit.root()
  if (!root || !unit.parser) return false
  const parser = unit.parser
  return root.find({ rule: { any: present.flatMap((p) => matchers(parser, p).map((m) => m.rule)) } }) !== null
}

/** Every node `pattern` matches, with the text of the metavariables it binds. */
export function structuralMatches(pattern: string, unit: SourceUnit): EngineMatch[] {
  if (!possible(pattern, unit)) return []
  const root = unit.root()
  if (!root || !unit.parser) return []
  const names = [...new Set(pattern.match(/\$[A-Z_][A-Z0-9_]*/g) ?? [])]
  const out = new Map<string, EngineMatch>() // forms of one pattern may match a node alike: once
  for (const matcher of matchers(unit.parser, pattern)) {
    for (const node of root.findAll(matcher)) {
      const r = node.range()
      const captures = new Map<string, string>()
      for (const name of names) {
        const bound = node.getMatch(name.slice(1))
        if (bound) captures.set(name, bound.text())
      }
      const [start, end] = [r.start.index, r.end.index]
      const key = `${start}-${end}`
      const id = `${key}\0${[...captures.values()].join('\0')}`
      if (!out.has(id)) out.set(id, { line: r.start.line + 1, endLine: r.end.line + 1, start, end, key, captures })
    }
  }
  return [...out.values()]
}
