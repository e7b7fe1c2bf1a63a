// parseOsloc on real OSADL checklist text (data/osadl/checklists, from osadl/OSLOC2JSON, CC-BY-4.0) and on text that
// is not the checklist language.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { parseOsloc } from './osloc.ts'

const checklist = (id: string) =>
  readFileSync(new URL(`../../../data/osadl/checklists/${id}.txt`, import.meta.url), 'utf8')

test('GPL-2.0-only: its two use cases as trees, its lists and its facts', () => {
  const c = parseOsloc(checklist('GPL-2.0-only'))
  assert.deepEqual(
    c.useCases.map((u) => u.name),
    ['Source code delivery', 'Binary delivery'],
  )
  const [source] = c.useCases
  assert.deepEqual(source?.obligations[0], {
    keyword: 'YOU MUST',
    text: 'Provide Copyright notices',
    children: [
      { keyword: 'ATTRIBUTE', text: 'Highlighted', children: [] },
      { keyword: 'ATTRIBUTE', text: 'Appropriately', children: [] },
    ],
  })
  // `YOU MUST NOT` is its own keyword, not `YOU MUST` + "NOT …"
  assert.deepEqual(source?.obligations[2], { keyword: 'YOU MUST NOT', text: 'Modify License notices', children: [] })
  const modification = source?.obligations.find((n) => n.keyword === 'IF')
  assert.equal(modification?.text, 'Software modification')
  const nested = modification?.children.find((n) => n.keyword === 'IF')
  assert.equal(nested?.text, 'Interactive AND Displaying License announcement')
  assert.deepEqual(
    nested?.children.map((n) => n.text),
    [
      'Display License announcement',
      'Display Copyright notices',
      'Display Warranty disclaimer',
      'Reference License text',
    ],
  )
  const binary = c.useCases[1]
  const either = binary?.obligations.findIndex((n) => n.keyword === 'EITHER') ?? -1
  assert.deepEqual(
    binary?.obligations.slice(either, either + 2).map((n) => [n.keyword, n.text, n.children[0]?.text]),
    [
      ['EITHER', '', 'Provide Source code'],
      ['OR', '', 'Provide Written offer (Written offer)'],
    ],
  )
  assert.match(source?.text ?? '', /^YOU MUST Provide Copyright notices\n\tATTRIBUTE Highlighted\n/)
  assert.equal(c.copyleftClause, 'Yes')
  assert.equal(c.patentHints, 'Yes')
  assert.ok(c.compatibility.includes('MIT') && c.compatibility.includes('GPL-2.0-only WITH Classpath-exception-2.0'))
  assert.ok(c.dependingCompatibility.includes('LGPL-2.1-only') && !c.compatibility.includes('LGPL-2.1-only'))
  assert.ok(c.incompatibility.includes('Apache-2.0'))
})

test('MIT: no COPYLEFT CLAUSE nor PATENT HINTS line → No, as OSLOC2JSON reads an absent line', () => {
  const c = parseOsloc(checklist('MIT'))
  assert.deepEqual([c.copyleftClause, c.patentHints, c.useCases.length], ['No', 'No', 1])
  assert.equal(c.useCases[0]?.name, 'Source code delivery OR Binary delivery')
})

test('every shipped checklist parses, with at least one use case', () => {
  for (const id of ['AGPL-3.0-only', 'Apache-2.0', 'LGPL-3.0-only', 'MPL-2.0', 'EPL-2.0', '0BSD']) {
    assert.ok(parseOsloc(checklist(id)).useCases.length >= 1, id)
  }
  assert.equal(parseOsloc(checklist('LGPL-3.0-only')).useCases.length, 6)
})

test('text that is not the checklist language is refused with the line named', () => {
  assert.throws(() => parseOsloc('USE CASE Binary delivery\n\tYOU SHOULD Smile'), /line 2: unknown statement/)
  assert.throws(() => parseOsloc('\tYOU MUST Provide License text'), /line 1: an indented line outside a USE CASE/)
  assert.throws(() => parseOsloc('USE CASE X\n\t\tYOU MUST Y'), /line 2: indented deeper/)
  assert.throws(() => parseOsloc('COPYLEFT CLAUSE Maybe'), /line 1: unknown top-level line/)
  assert.throws(() => parseOsloc('x'.repeat(1_000_001)), /longer than/)
})
