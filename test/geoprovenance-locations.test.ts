// Accuracy of location curation (docs/geoprovenance-curation.md "Measured figures") on hand-labelled, GitHub-style
// location strings (test/fixtures/geoprovenance/locations.tsv, FIXTURES, see its README). curateLocation runs on every
// line: accuracy is right codes over the lines that name a place (at least 0.9), and lines labelled "-" (names no
// place) may be curated at most MAX_FALSE_POSITIVES times. The figures are printed for docs/geoprovenance-curation.md.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { countryName, curateLocation } from '../src/domain/geoprovenance/gazetteer.ts'

const TARGET = 0.9
const MAX_FALSE_POSITIVES = 1

interface Row {
  line: number
  location: string
  expected: string
}

const rows: Row[] = readFileSync(new URL('./fixtures/geoprovenance/locations.tsv', import.meta.url), 'utf8')
  .split('\n')
  .map((text, i) => ({ text, line: i + 1 }))
  .slice(1)
  .filter(({ text }) => text !== '')
  .map(({ text, line }) => {
    const [location = '', expected = ''] = text.split('\t')
    return { line, location, expected }
  })
const places = rows.filter((r) => r.expected !== '-')
const nonPlaces = rows.filter((r) => r.expected === '-')

function describe(r: Row): string {
  const got = curateLocation(r.location)
  const said = got ? `${got.code} ${got.confidence} via ${got.via}` : 'nothing'
  return `  line ${r.line}: ${JSON.stringify(r.location)} expected ${r.expected}, got ${said}`
}

test('the labelled set: at least 200 lines, at least 25 non-places, known codes, no repeats', () => {
  assert.ok(rows.length >= 200, `${rows.length} lines`)
  assert.ok(nonPlaces.length >= 25, `${nonPlaces.length} non-places`)
  for (const r of places) assert.ok(countryName(r.expected), `line ${r.line}: unknown code ${r.expected}`)
  assert.equal(new Set(rows.map((r) => r.location)).size, rows.length, 'a location is listed twice')
})

test(`accuracy on lines that name a place is at least ${TARGET}`, () => {
  const wrong = places.filter((r) => curateLocation(r.location)?.code !== r.expected)
  const right = places.length - wrong.length
  const accuracy = right / places.length
  console.log(`geoprovenance curation: ${right}/${places.length} places right (accuracy ${accuracy.toFixed(3)})`)
  assert.ok(accuracy >= TARGET, `accuracy ${accuracy.toFixed(3)}; wrong lines:\n${wrong.map(describe).join('\n')}`)
})

test(`lines that name no place are not curated (at most ${MAX_FALSE_POSITIVES})`, () => {
  const curated = nonPlaces.filter((r) => curateLocation(r.location) !== undefined)
  const rate = curated.length / nonPlaces.length
  console.log(
    `geoprovenance curation: ${curated.length}/${nonPlaces.length} non-places curated (false-positive rate ${rate.toFixed(3)})`,
  )
  assert.ok(curated.length <= MAX_FALSE_POSITIVES, `curated non-places:\n${curated.map(describe).join('\n')}`)
})
