// The rules engine's Semgrep semantics that the rule sets rely on, as named table rows: pattern-inside and
// pattern-not-inside (binding metavariables), the lines a match spans, f(..., $X), quote equivalence, object
// literals, and the text prefilter never dropping a match the rule has.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { PatternClause, SemgrepRule } from '../../domain/rulesets/types.ts'
import { runRule } from './engine.ts'
import { requiredText, unanchored } from './prefilter.ts'
import { SourceUnit } from './source-unit.ts'

const rule = (clause: Partial<SemgrepRule<object>>, languages = ['javascript']): SemgrepRule<object> => ({
  id: 't',
  languages,
  message: 'm',
  severity: 'INFO',
  metadata: {},
  ...clause,
})
const lines = (r: SemgrepRule<object>, code: string, language = 'javascript') =>
  runRule(r, new SourceUnit(language, code)).map((m) => `${m.line}-${m.endLine}`)

const insideFunction: PatternClause[] = [
  { pattern: 'Math.random()' },
  { 'pattern-inside': 'function $F(...) { ... }' },
  { 'metavariable-regex': { metavariable: '$F', regex: '(?i).*token' } },
]

const cases: { name: string; rule: SemgrepRule<object>; code: string; want: string[]; language?: string }[] = [
  {
    name: 'pattern-inside binds the metavariables a later metavariable-regex reads',
    rule: rule({ patterns: insideFunction }),
    code: 'function makeToken() {\n  return Math.random()\n}\nfunction jitter() { return Math.random() }',
    want: ['2-2'],
  },
  {
    name: 'a pattern-either of pattern-inside clauses: inside any of them',
    rule: rule({
      patterns: [
        { pattern: 'f()' },
        { 'pattern-either': [{ 'pattern-inside': 'if ($C) { ... }' }, { 'pattern-inside': 'while ($C) { ... }' }] },
      ],
    }),
    code: 'if (a) { f() }\nwhile (b) { f() }\nf()',
    want: ['1-1', '2-2'],
  },
  {
    name: 'pattern-not-inside drops matches within it, with the same bindings only',
    rule: rule({ patterns: [{ pattern: '$X.run()' }, { 'pattern-not-inside': 'if ($X) { ... }' }] }),
    code: 'if (job) { job.run() }\nif (other) { job.run() }\njob.run()',
    want: ['2-2', '3-3'],
  },
  {
    name: 'a match spanning lines reports its first and last line',
    rule: rule({ pattern: '{..., rejectUnauthorized: false, ...}' }),
    code: 'const a = new Agent({\n  keepAlive: true,\n  rejectUnauthorized: false,\n})',
    want: ['1-4'],
  },
  {
    name: 'f(..., $X) binds the last argument, whatever the number before it',
    rule: rule({ patterns: [{ pattern: 'g(..., $X)' }, { 'metavariable-regex': { metavariable: '$X', regex: 'x' } }] }),
    code: 'g(x)\ng(a, x)\ng(a, b, c, x)\ng(x, a)',
    want: ['1-1', '2-2', '3-3'],
  },
  {
    name: 'double and single quotes are the same string (JavaScript)',
    rule: rule({ pattern: 'w.postMessage($M, "*")' }),
    code: `w.postMessage(m, '*')\nw.postMessage(m, "*")\nw.postMessage(m, "x")`,
    want: ['1-1', '2-2'],
  },
  {
    name: 'double and single quotes are the same string (Python)',
    rule: rule({ pattern: 'open($F, "w")' }, ['python']),
    code: `open(p, 'w')\nopen(p, "w")\nopen(p, 'r')`,
    language: 'python',
    want: ['1-1', '2-2'],
  },
  {
    name: 'a regex match reports the lines it covers',
    rule: rule({ 'pattern-regex': 'BEGIN[\\s\\S]*?END' }),
    code: 'a\nBEGIN\nb\nEND',
    want: ['2-4'],
  },
]

for (const c of cases) test(c.name, () => assert.deepEqual(lines(c.rule, c.code, c.language), c.want))

test('the text prefilter: anchors and optional leading atoms dropped; contextual regexes give none', () => {
  assert.equal(unanchored('(?i)^[\\w$]*(?:password|secret)$')?.source, '(?:password|secret)')
  assert.equal(unanchored('^(?:\\\\.|[^\\\\])*?\\((a+)\\)+')?.source, '\\((a+)\\)+')
  for (const contextual of ['^(?!x)y', '\\bword', '(["\'])a\\1', 'a|^b', '(?<=x)y'])
    assert.equal(unanchored(contextual), undefined, contextual)
  // a rule whose metavariable-regex the file cannot satisfy is skipped; one it can is run
  const r = rule({
    patterns: [
      { pattern: 'const $N = $V' },
      { 'metavariable-regex': { metavariable: '$N', regex: '(?i)^\\w*secret$' } },
    ],
  })
  assert.equal(requiredText(r).length, 1)
  assert.deepEqual(lines(r, 'const clientSecret = k\nconst other = 1'), ['1-1'])
  assert.deepEqual(lines(r, 'const other = 1'), [])
})
