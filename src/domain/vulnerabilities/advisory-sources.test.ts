// What an incoming record does to the stored record of the same id: same source (unchanged, replaced, older) and
// another source (named beside the stored one, or replacing its content while keeping the stored source named).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type AdvisoryWritePlan, planAdvisoryWrite, type StoredAdvisory } from './advisory-sources.ts'

const stored: StoredAdvisory = { hash: 'h:a', modified: '2024-02-01T00:00:00Z', source: 'a', otherSources: [] }
// the incoming record's content hashes as 'h:<source>' when it is the stored content, else 'new:<source>'
const same = (source: string) => `h:${source}`
const changed = (source: string) => `new:${source}`

const cases: [
  string,
  { source: string; modified: string },
  (s: string) => string,
  StoredAdvisory | undefined,
  AdvisoryWritePlan,
][] = [
  ['new id', { source: 'a', modified: '2024-01-01' }, same, undefined, { kind: 'put', otherSources: [] }],
  ['same source, same record', { source: 'a', modified: stored.modified }, same, stored, { kind: 'unchanged' }],
  [
    'same source, changed',
    { source: 'a', modified: '2024-03-01T00:00:00Z' },
    changed,
    stored,
    { kind: 'put', otherSources: [] },
  ],
  ['same source, older', { source: 'a', modified: '2023-01-01T00:00:00Z' }, changed, stored, { kind: 'older' }],
  [
    'other source, same date',
    { source: 'b', modified: stored.modified },
    same,
    stored,
    { kind: 'attribute', otherSources: ['b'] },
  ],
  [
    'other source, older',
    { source: 'b', modified: '2023-01-01T00:00:00Z' },
    changed,
    stored,
    { kind: 'attribute', otherSources: ['b'] },
  ],
  [
    'other source, newer',
    { source: 'b', modified: '2024-03-01T00:00:00Z' },
    changed,
    stored,
    { kind: 'put', otherSources: ['a'] },
  ],
  [
    'named source again, same content',
    { source: 'b', modified: stored.modified },
    same,
    { ...stored, otherSources: ['b'] },
    { kind: 'unchanged' },
  ],
  [
    'named source again, older content',
    { source: 'b', modified: '2023-01-01' },
    changed,
    { ...stored, otherSources: ['b'] },
    { kind: 'older' },
  ],
  [
    'named source becomes the newest',
    { source: 'b', modified: '2024-03-01T00:00:00Z' },
    changed,
    { ...stored, otherSources: ['b', 'c'] },
    { kind: 'put', otherSources: ['a', 'c'] },
  ],
]

for (const [name, incoming, hashAs, before, expected] of cases) {
  test(`planAdvisoryWrite: ${name}`, () => assert.deepEqual(planAdvisoryWrite(incoming, hashAs, before), expected))
}
