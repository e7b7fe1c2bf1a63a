// Every rule against its examples (docs/cryptography-rulesets.md "Examples", docs/semgrep.md "Examples"). Annotated
// example files sit under rulesets/<type>/<language>/examples/ (keywords: rulesets/keywords/examples/<language>/): a
// comment line `ruleid: <rule-id> (<label>, …)` says the next code line must match that rule (with exactly those
// labels: a crypto rule's algorithms), `ok: <rule-id>` that it must not; an annotated rule may match nowhere else in
// the file. The generated keyword examples give, per algorithm, lines every language's rule must match and near
// misses none may.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import type { RulesetType, SemgrepRule } from '../../domain/rulesets/types.ts'
import { languageOfPath } from '../engine/file-languages.ts'
import type { RuleFinder } from '../engine/findings.ts'
import { SourceUnit } from '../engine/source-unit.ts'
import type { KeywordExamples } from './keywords-generator.ts'
import { RULESETS_SOURCE_DIR, type RuleFile } from './sources.ts'

const ANNOTATION = /^\s*(?:\/\/|#)\s*(ruleid|ok):\s*([A-Za-z0-9_.+-]+)\s*(?:\(([^)]*)\))?\s*$/

interface Expectation {
  kind: 'ruleid' | 'ok'
  ruleId: string
  labels: string[] | undefined
  line: number
  file: string
}

/** The annotated example files of a type, relative to rulesets/<type>/. */
function exampleFiles(type: RulesetType, root = RULESETS_SOURCE_DIR): string[] {
  const base = path.join(root, type)
  const out: string[] = []
  const walk = (rel: string) => {
    for (const f of readdirSync(path.join(base, rel)).sort()) {
      const r = rel ? `${rel}/${f}` : f
      if (statSync(path.join(base, r)).isDirectory()) walk(r)
      else if (r.split('/').includes('examples') && languageOfPath(r)) out.push(r)
    }
  }
  walk('')
  return out
}

/** The file's expectations and its text with the annotation lines blanked (so that they cannot match). */
function parseAnnotated(text: string, file: string): { expectations: Expectation[]; code: string } {
  const lines = text.split('\n')
  const expectations: Expectation[] = []
  let pending: Omit<Expectation, 'line'>[] = []
  lines.forEach((l, i) => {
    const m = ANNOTATION.exec(l)
    if (m) {
      const labels = m[3]
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      pending.push({ kind: m[1] as 'ruleid' | 'ok', ruleId: m[2] as string, labels, file })
      lines[i] = ''
    } else if (pending.length > 0 && l.trim() !== '') {
      for (const p of pending) expectations.push({ ...p, line: i + 1 })
      pending = []
    }
  })
  return { expectations, code: lines.join('\n') }
}

/** Failures (empty when every rule of `files` passes its examples and has at least one positive and one negative). */
export function checkExamples<M extends object>(
  type: RulesetType,
  files: readonly RuleFile<M>[],
  finder: RuleFinder<M>,
  root = RULESETS_SOURCE_DIR,
): string[] {
  const failures: string[] = []
  const rules = new Map<string, { rule: SemgrepRule<M>; dir: string }>()
  for (const f of files) for (const r of f.rules) rules.set(r.id, { rule: r, dir: f.language })
  const covered = new Map<string, Set<'ruleid' | 'ok'>>()
  const cover = (id: string, kind: 'ruleid' | 'ok') => covered.set(id, (covered.get(id) ?? new Set()).add(kind))

  for (const rel of exampleFiles(type, root)) {
    const lang = languageOfPath(rel)
    if (!lang) continue
    const { expectations, code } = parseAnnotated(readFileSync(path.join(root, type, rel), 'utf8'), `${type}/${rel}`)
    const unit = new SourceUnit(lang.language, code, lang.tsx)
    for (const id of new Set(expectations.map((e) => e.ruleId))) {
      const entry = rules.get(id)
      if (!entry) {
        failures.push(`${type}/${rel}: unknown rule ${id}`)
        continue
      }
      if (!entry.rule.languages.includes(lang.language)) {
        failures.push(`${type}/${rel}: rule ${id} is not for ${lang.language}`)
        continue
      }
      const found = new Map<number, string[]>()
      try {
        for (const f of finder(entry.rule, unit))
          found.set(f.line, [...(found.get(f.line) ?? []), ...(f.label === undefined ? [] : [f.label])])
      } catch (err) {
        failures.push(`${type}/${rel}: rule ${id} failed: ${(err as Error).message}`)
        continue
      }
      const mine = expectations.filter((e) => e.ruleId === id)
      for (const e of mine) {
        cover(id, e.kind)
        const got = found.get(e.line)
        if (e.kind === 'ok' && got) failures.push(`${e.file}:${e.line}: ${id} matched (${got.join(', ')}) an ok line`)
        if (e.kind === 'ruleid' && !got) failures.push(`${e.file}:${e.line}: ${id} did not match`)
        if (e.kind === 'ruleid' && got && e.labels && got.sort().join() !== [...e.labels].sort().join())
          failures.push(`${e.file}:${e.line}: ${id} gave (${got.join(', ')}), expected (${e.labels.join(', ')})`)
      }
      const expectedLines = new Set(mine.filter((e) => e.kind === 'ruleid').map((e) => e.line))
      for (const line of found.keys())
        if (!expectedLines.has(line) && !mine.some((e) => e.line === line))
          failures.push(`${type}/${rel}:${line}: ${id} matched an unannotated line`)
    }
  }
  if (type === 'keywords') for (const f of generatedFailures(files, finder, root, cover)) failures.push(f)
  for (const id of rules.keys()) {
    const c = covered.get(id)
    if (!c?.has('ruleid')) failures.push(`${id}: no positive example`)
    if (!c?.has('ok')) failures.push(`${id}: no negative example`)
  }
  return failures
}

function generatedFailures<M extends object>(
  files: readonly RuleFile<M>[],
  finder: RuleFinder<M>,
  root: string,
  cover: (id: string, kind: 'ruleid' | 'ok') => void,
): string[] {
  const failures: string[] = []
  const examples = parse(readFileSync(path.join(root, 'keywords', 'examples', 'generated.yaml'), 'utf8')) as Record<
    string,
    KeywordExamples
  >
  for (const f of files)
    for (const rule of f.rules) {
      const ex = examples[(rule.metadata as { algorithm?: string }).algorithm ?? '']
      if (!ex) continue
      const lines = (text: string[]) => {
        const unit = new SourceUnit(f.language, text.join('\n'))
        return new Set(finder(rule, unit).map((x) => x.line))
      }
      const pos = lines(ex.positive)
      ex.positive.forEach((p, i) => {
        if (!pos.has(i + 1)) failures.push(`${rule.id}: generated positive not matched: ${p}`)
      })
      const neg = lines(ex.negative)
      for (const line of neg) failures.push(`${rule.id}: generated negative matched: ${ex.negative[line - 1]}`)
      if (ex.positive.length > 0) cover(rule.id, 'ruleid')
      if (ex.negative.length > 0) cover(rule.id, 'ok')
    }
  return failures
}
