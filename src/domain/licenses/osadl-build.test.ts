// matrixRow and buildOsadlData on a FIXTURE matrix (made-up licenses A, B, C in OSADL's matrixseqexpl.json shape).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { buildOsadlData, matrixRow } from './osadl-build.ts'

const row = (name: string, values: [string, string][]) => ({
  name,
  compatibilities: values.map(([n, compatibility]) => ({ name: n, compatibility })),
})

test('matrixRow: Yes, Check dependency and No fill the lists; Same and Unknown are left out', () => {
  const r = row('A', [
    ['A', 'Same'],
    ['B', 'Yes'],
    ['C', 'No'],
    ['D', 'Check dependency'],
    ['E', 'Unknown'],
  ])
  assert.deepEqual(matrixRow(r), { compatibility: ['B'], dependingCompatibility: ['D'], incompatibility: ['C'] })
})

test('matrixRow: an unexpected value is an error, never dropped', () => {
  assert.throws(() => matrixRow(row('A', [['B', 'Perhaps']])), /A → B: unexpected matrix value "Perhaps"/)
})

test('buildOsadlData: checklists and matrix rows by id, ids sorted, the matrix timestamp kept', () => {
  const src = { repository: 'r', commit: 'c', date: 'd', license: 'CC-BY-4.0' }
  const data = buildOsadlData(
    { B: 'USE CASE Binary delivery\n\tYOU MUST Provide License text\nCOPYLEFT CLAUSE Yes\n' },
    { timestamp: 't', licenses: [row('C', [['B', 'No']]), row('B', [['C', 'Yes']])] },
    { checklists: src, matrix: src },
  )
  assert.deepEqual(Object.keys(data.licenses), ['B', 'C'])
  assert.equal(data.licenses.B?.checklist?.copyleftClause, 'Yes')
  assert.deepEqual(data.licenses.B?.matrix?.compatibility, ['C'])
  assert.equal(data.licenses.C?.checklist, undefined)
  assert.equal(data.sources.matrix.timestamp, 't')
})
