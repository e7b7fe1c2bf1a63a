// Every rule of the rulesets against its examples (positives must match, crypto rules with the algorithms annotated;
// negatives must not), the generated keywords sources in the repository equal to what the catalogue generates, and
// the semgrep rules' metadata (docs/semgrep.md).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import { loadCatalogue } from '../src/ingest/crypto/catalogue.ts'
import { STRUCTURAL_LANGUAGES } from '../src/rules/engine/ast-languages.ts'
import { cryptoFinder, issueFinder } from '../src/rules/engine/findings.ts'
import { checkExamples } from '../src/rules/release/examples.ts'
import { KEYWORD_LANGUAGES } from '../src/rules/release/keywords-generator.ts'
import { CWE_ENTRY } from '../src/rules/release/rule-metadata.ts'
import {
  assertUniqueIds,
  generatedKeywordSources,
  RULESETS_SOURCE_DIR,
  readRuleFiles,
} from '../src/rules/release/sources.ts'

const catalogue = loadCatalogue()
const known = new Set(catalogue.map((a) => a.id))

test('the keywords sources in the repository are what the catalogue generates', () => {
  for (const [rel, text] of generatedKeywordSources(catalogue)) {
    const file = path.join(RULESETS_SOURCE_DIR, 'keywords', rel)
    assert.equal(readFileSync(file, 'utf8'), text, `${rel} is stale: run npm run rulesets:build`)
  }
})

test('keywords: one rule per algorithm with keywords in every language directory', () => {
  const files = readRuleFiles('keywords')
  assert.deepEqual([...new Set(files.map((f) => f.language))], [...KEYWORD_LANGUAGES])
  const withKeywords = catalogue.filter((a) => a.keywords.length > 0)
  assert.ok(withKeywords.length >= 200)
  for (const f of files) {
    assert.equal(f.rules.length, withKeywords.length, f.path)
    for (const r of f.rules) assert.deepEqual(r.languages, [f.language])
  }
  assertUniqueIds(files)
})

test('dca: unique ids, rules in their language directory, structural rules only where a parser is pinned', () => {
  const files = readRuleFiles('dca')
  assertUniqueIds(files)
  for (const lang of ['javascript', 'java', 'python', 'go', 'c'])
    assert.ok(
      files.some((f) => f.language === lang),
      `no ${lang} rules`,
    )
  for (const f of files)
    for (const r of f.rules) {
      assert.ok(r.languages.includes(f.language), `${r.id} is in ${f.path} but not for ${f.language}`)
      assert.ok(r.id.startsWith(`dca.${f.language}.`), r.id)
      const structural = JSON.stringify(r).includes('"pattern"') || r.pattern !== undefined
      if (structural)
        for (const l of r.languages)
          assert.ok((STRUCTURAL_LANGUAGES as readonly string[]).includes(l), `${r.id}: no parser for ${l}`)
      if (!r.metadata.algorithm.startsWith('$')) assert.ok(known.has(r.metadata.algorithm), r.id)
    }
})

test('every dca rule passes its positive and negative examples', () => {
  assert.deepEqual(checkExamples('dca', readRuleFiles('dca'), cryptoFinder(known)), [])
})

test('every keywords rule passes its generated and hand-written examples', () => {
  assert.deepEqual(checkExamples('keywords', readRuleFiles('keywords'), cryptoFinder(known)), [])
})

test('semgrep: at least 40 rules, ids semgrep.<language>.<name> in their language directory, structural where a parser is pinned', () => {
  const files = readRuleFiles('semgrep')
  assertUniqueIds(files)
  const rules = files.flatMap((f) => f.rules.map((r) => ({ r, f })))
  assert.ok(rules.length >= 40, `${rules.length} rules`)
  for (const { r, f } of rules) {
    assert.match(r.id, new RegExp(`^semgrep\\.${f.language}\\.[a-z0-9]+(?:-[a-z0-9]+)*$`), r.id)
    assert.ok(r.languages.includes(f.language), `${r.id} is in ${f.path} but not for ${f.language}`)
    const structural = JSON.stringify(r).includes('"pattern')
    if (structural)
      for (const l of r.languages)
        assert.ok((STRUCTURAL_LANGUAGES as readonly string[]).includes(l), `${r.id}: no parser for ${l}`)
    else
      for (const l of r.languages)
        assert.ok(
          !(STRUCTURAL_LANGUAGES as readonly string[]).includes(l),
          `${r.id}: regex only where no parser exists`,
        )
    assert.ok(r.metadata.cwe.length > 0 && r.metadata.cwe.every((c) => CWE_ENTRY.test(c)), r.id)
    assert.ok(['security', 'quality', 'compliance'].includes(r.metadata.category), r.id)
    assert.ok(['ERROR', 'WARNING', 'INFO'].includes(r.severity), r.id)
  }
  for (const category of ['security', 'quality', 'compliance'])
    assert.ok(
      rules.some(({ r }) => r.metadata.category === category),
      `no ${category} rule`,
    )
})

test('every semgrep rule passes its positive and negative examples', () => {
  assert.deepEqual(checkExamples('semgrep', readRuleFiles('semgrep'), issueFinder), [])
})
