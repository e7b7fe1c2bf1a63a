// The ruleset sources in the repository: rulesets/<type>/<language>/*.yaml (Semgrep format), examples beside them
// under <language>/examples/ and, for the generated keywords, rulesets/keywords/examples/generated.yaml.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import type { CatalogueAlgorithm } from '../../domain/cryptography/types.ts'
import type { RuleMetadata, RuleMetadataOf, RulesetType, SemgrepRule } from '../../domain/rulesets/types.ts'
import { KEYWORD_LANGUAGES, KEYWORD_RULES_FILE, keywordExamplesYaml, keywordRulesYaml } from './keywords-generator.ts'
import { checkMetadata } from './rule-metadata.ts'

export const RULESETS_SOURCE_DIR = fileURLToPath(new URL('../../../rulesets/', import.meta.url))

export interface RuleFile<M extends object = RuleMetadata> {
  language: string
  /** Path inside the ruleset, `<language>/<file>.yaml`. */
  path: string
  text: string
  rules: SemgrepRule<M>[]
}

const MATCHERS = ['pattern-regex', 'pattern', 'patterns', 'pattern-either'] as const

/** The rule files of one type, sorted by path; each rule checked for the fields the format requires. */
export function readRuleFiles<T extends RulesetType>(
  type: T,
  root = RULESETS_SOURCE_DIR,
): RuleFile<RuleMetadataOf[T]>[] {
  const dir = path.join(root, type)
  const out: RuleFile<RuleMetadataOf[T]>[] = []
  for (const language of readdirSync(dir).sort()) {
    const langDir = path.join(dir, language)
    if (language === 'examples' || !statSync(langDir).isDirectory()) continue
    for (const f of readdirSync(langDir).sort()) {
      if (!f.endsWith('.yaml')) continue
      const rel = `${language}/${f}`
      const text = readFileSync(path.join(langDir, f), 'utf8')
      out.push({ language, path: rel, text, rules: parseRules(text, `${type}/${rel}`, type) })
    }
  }
  return out
}

export function parseRules<T extends RulesetType>(
  text: string,
  where: string,
  type: T,
): SemgrepRule<RuleMetadataOf[T]>[] {
  const doc = parse(text) as { rules?: unknown }
  if (!doc || !Array.isArray(doc.rules)) throw new Error(`${where}: no rules list`)
  return doc.rules.map((r, i) => checkRule(r as SemgrepRule<RuleMetadataOf[T]>, `${where} rule ${i}`, type))
}

function checkRule<M extends object>(r: SemgrepRule<M>, where: string, type: RulesetType): SemgrepRule<M> {
  const fail = (what: string): never => {
    throw new Error(`${where}${typeof r?.id === 'string' ? ` (${r.id})` : ''}: ${what}`)
  }
  if (typeof r !== 'object' || r === null) fail('not a mapping')
  if (typeof r.id !== 'string' || !r.id.startsWith(`${type}.`)) fail(`id must start with "${type}."`)
  if (!Array.isArray(r.languages) || r.languages.length === 0) fail('languages missing')
  if (typeof r.message !== 'string' || r.message === '') fail('message missing')
  if (!['INFO', 'WARNING', 'ERROR'].includes(r.severity)) fail('severity must be INFO, WARNING or ERROR')
  checkMetadata(type, r.metadata, fail)
  if (MATCHERS.filter((k) => r[k] !== undefined).length !== 1) fail(`needs exactly one of ${MATCHERS.join(', ')}`)
  return r
}

/** Every rule id is unique within its type. */
export function assertUniqueIds(files: readonly RuleFile<object>[]): void {
  const seen = new Set<string>()
  for (const f of files)
    for (const r of f.rules) {
      if (seen.has(r.id)) throw new Error(`duplicate rule id ${r.id} (${f.path})`)
      seen.add(r.id)
    }
}

/** The generated keywords sources, path → text (rules per language, and the generated examples). */
export function generatedKeywordSources(catalogue: readonly CatalogueAlgorithm[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const lang of KEYWORD_LANGUAGES) out.set(`${lang}/${KEYWORD_RULES_FILE}`, keywordRulesYaml(catalogue, lang))
  out.set('examples/generated.yaml', keywordExamplesYaml(catalogue))
  return out
}

/** Writes the generated keywords sources; returns the paths whose content changed. */
export function writeKeywordSources(catalogue: readonly CatalogueAlgorithm[], root = RULESETS_SOURCE_DIR): string[] {
  const changed: string[] = []
  for (const [rel, text] of generatedKeywordSources(catalogue)) {
    const file = path.join(root, 'keywords', rel)
    let old: string | undefined
    try {
      old = readFileSync(file, 'utf8')
    } catch {
      old = undefined
    }
    if (old === text) continue
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, text)
    changed.push(`keywords/${rel}`)
  }
  return changed
}
