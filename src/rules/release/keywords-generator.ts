// The `keywords` ruleset, generated from the algorithm catalogue (never edited by hand): per language one YAML file
// with one rule per algorithm whose pattern-regex is the algorithm's keywords, escaped, case-insensitive and guarded
// (src/domain/cryptography/keyword-guard.ts); and the generated examples every rule is tested on.
import { stringify } from 'yaml'
import { acceptsMatch, keywordRegexSource } from '../../domain/cryptography/keyword-guard.ts'
import { strengthOf } from '../../domain/cryptography/strength.ts'
import type { CatalogueAlgorithm } from '../../domain/cryptography/types.ts'
import type { SemgrepRule } from '../../domain/rulesets/types.ts'

/** Semgrep language names, one directory each. */
export const KEYWORD_LANGUAGES = [
  'c',
  'cpp',
  'csharp',
  'go',
  'java',
  'javascript',
  'kotlin',
  'php',
  'python',
  'ruby',
  'rust',
  'scala',
  'swift',
  'typescript',
] as const

export const KEYWORD_RULES_FILE = 'crypto-keywords.yaml'
const HEADER = 'Generated from data/crypto-algorithms (CC0-1.0) by `compintel rulesets build`; do not edit.'

/** A catalogue id as a rule-id segment: `sphincs+` → `sphincs-plus`, `CMAC` → `cmac`. */
function algorithmSlug(id: string): string {
  return id
    .toLowerCase()
    .replace(/\+/g, '-plus')
    .replace(/[^a-z0-9-]+/g, '-')
}

function keywordRuleId(language: string, algorithmId: string): string {
  return `keywords.${language}.${algorithmSlug(algorithmId)}`
}

/** Longest first, so that the alternation reports the longest keyword at a position. */
function orderedKeywords(a: CatalogueAlgorithm): string[] {
  return [...a.keywords].sort((x, y) => y.length - x.length || (x < y ? -1 : x > y ? 1 : 0))
}

function keywordRule(a: CatalogueAlgorithm, language: string): SemgrepRule {
  return {
    id: keywordRuleId(language, a.id),
    languages: [language],
    message: `Cryptographic algorithm ${a.name} (${a.category}): a catalogue keyword of it occurs here`,
    severity: 'INFO',
    metadata: {
      algorithm: a.id,
      strength: strengthOf(a.id),
      category: 'crypto',
      ruleset: 'keywords',
      algorithm_name: a.name,
      algorithm_category: a.category,
    },
    'pattern-regex': `(?i)(?:${orderedKeywords(a).map(keywordRegexSource).join('|')})`,
  }
}

/** Algorithms that get a rule: those with at least one keyword (argon2 and hmac have none upstream). */
function ruleAlgorithms(catalogue: readonly CatalogueAlgorithm[]): CatalogueAlgorithm[] {
  return catalogue.filter((a) => a.keywords.length > 0)
}

export function keywordRulesYaml(catalogue: readonly CatalogueAlgorithm[], language: string): string {
  const rules = ruleAlgorithms(catalogue).map((a) => keywordRule(a, language))
  return `# ${HEADER}\n${stringify({ rules }, { lineWidth: 0 })}`
}

export interface KeywordExamples {
  positive: string[]
  negative: string[]
}

/** Whether any keyword of `a` occurs in `text` where the guards accept it (the reference the regex is tested against). */
function anyKeywordAccepted(a: CatalogueAlgorithm, text: string): boolean {
  const lower = text.toLowerCase()
  return a.keywords.some((k) => {
    for (let i = lower.indexOf(k); i >= 0; i = lower.indexOf(k, i + 1))
      if (acceptsMatch(lower, i, i + k.length, k)) return true
    return false
  })
}

/**
 * Per algorithm: each keyword in a line of code (and the first one upper-cased) must match; near misses built from the
 * keywords — glued to a letter or digit, truncated — must not, unless another keyword of the algorithm is in them.
 */
function keywordExamples(a: CatalogueAlgorithm): KeywordExamples {
  const keywords = orderedKeywords(a)
  const positive = keywords.map((k) => `value = call(${k}) + 1;`)
  if (keywords[0]) positive.push(`VALUE = ${keywords[0].toUpperCase()};`)
  const candidates = new Set<string>()
  for (const k of keywords) {
    if (/^[a-z0-9]/.test(k)) candidates.add(`value = x${k};`).add(`value = 0${k};`)
    if (k.length < 6 && /[a-z0-9]$/.test(k)) candidates.add(`value = ${k}x;`).add(`value = ${k}9;`)
    if (k.length >= 4) candidates.add(`value = ${k.slice(0, -1)};`)
  }
  candidates.add('const unrelated = compute(value, 42);')
  const negative = [...candidates].filter((c) => !anyKeywordAccepted(a, c)).sort()
  return { positive, negative }
}

export function keywordExamplesYaml(catalogue: readonly CatalogueAlgorithm[]): string {
  const all: Record<string, KeywordExamples> = {}
  for (const a of ruleAlgorithms(catalogue)) all[a.id] = keywordExamples(a)
  return `# ${HEADER}\n${stringify(all, { lineWidth: 0 })}`
}
