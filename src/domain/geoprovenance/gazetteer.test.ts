// Rules of location curation, one named row each (the design is in gazetteer.ts; figures on a labelled set are in
// test/geoprovenance-locations.test.ts).
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CONFLICT_FACTOR, CURATION_THRESHOLD, type CuratedPlace, countryName, curateLocation } from './gazetteer.ts'
import {
  AU_STATES,
  CA_PROVINCES,
  CITY_ALIASES,
  COUNTRY_ALIASES,
  METRO_ALIASES,
  REGION_ALIASES,
  US_STATES,
} from './gazetteer-data.ts'
import { placeKey } from './gazetteer-index.ts'
import { oneEditApart } from './gazetteer-read.ts'

type Expect = Partial<CuratedPlace> & { code: string }
const cases: { name: string; text: string; want: Expect | undefined }[] = [
  // Flags
  { name: 'a flag emoji', text: '🇩🇪', want: { code: 'DE', confidence: 1, via: 'flag' } },
  { name: 'a tag flag (Scotland)', text: '🏴󠁧󠁢󠁳󠁣󠁴󠁿', want: { code: 'GB', via: 'flag' } },
  { name: 'a flag beside a city', text: 'Lisbon 🇵🇹', want: { code: 'PT', confidence: 1 } },
  { name: 'the EU flag names no country', text: '🇪🇺', want: undefined },
  { name: 'the Antarctica flag is not a place to live', text: '🇦🇶', want: undefined },
  { name: 'a flag outranks a city naming elsewhere', text: 'Berlin 🇺🇸', want: { code: 'US', confidence: 0.7 } },
  // Country names and aliases
  { name: 'English name', text: 'Germany', want: { code: 'DE', country: 'Germany', confidence: 1, via: 'country' } },
  { name: 'native name', text: 'Deutschland', want: { code: 'DE', confidence: 1 } },
  { name: 'any case', text: 'gErMaNy', want: { code: 'DE' } },
  { name: 'accents optional', text: 'Espana', want: { code: 'ES' } },
  { name: 'Cyrillic', text: 'Россия', want: { code: 'RU' } },
  { name: 'Japanese', text: '日本', want: { code: 'JP' } },
  { name: 'Hebrew', text: 'ישראל', want: { code: 'IL' } },
  { name: 'Devanagari', text: 'भारत', want: { code: 'IN' } },
  { name: 'USA', text: 'USA', want: { code: 'US', confidence: 1 } },
  { name: 'U.S. with dots', text: 'U.S.', want: { code: 'US' } },
  { name: 'UK', text: 'UK', want: { code: 'GB' } },
  { name: 'England is the United Kingdom', text: 'England', want: { code: 'GB', via: 'alias' } },
  { name: 'Holland', text: 'Holland', want: { code: 'NL' } },
  { name: 'Korea alone is South Korea', text: 'Korea', want: { code: 'KR' } },
  { name: 'traditional Chinese China', text: '中國', want: { code: 'CN' } },
  { name: 'a name with "&" kept whole', text: 'Bosnia & Herzegovina', want: { code: 'BA' } },
  { name: 'a name with "and" kept whole', text: 'Trinidad and Tobago', want: { code: 'TT' } },
  { name: 'a name with a comma kept whole', text: 'Korea, Republic of', want: { code: 'KR' } },
  { name: 'a hyphenated name', text: 'Guinea-Bissau', want: { code: 'GW' } },
  // Regions and abbreviations
  { name: 'a US state', text: 'California', want: { code: 'US', confidence: 0.9, via: 'region' } },
  { name: 'a Canadian province', text: 'Ontario', want: { code: 'CA', via: 'region' } },
  { name: 'a province from city-timezones', text: 'Bayern', want: { code: 'DE', via: 'region' } },
  { name: 'an Indian state', text: 'Karnataka', want: { code: 'IN' } },
  { name: 'a bare two-letter code is ambiguous (CA)', text: 'CA', want: undefined },
  { name: 'a bare two-letter code is ambiguous (DE)', text: 'DE', want: undefined },
  { name: '"CA" after a US city is California', text: 'San Francisco, CA', want: { code: 'US' } },
  { name: '"CA" after a Canadian city is Canada', text: 'Toronto, CA', want: { code: 'CA' } },
  { name: '"DE" after a German city is Germany', text: 'Berlin, DE', want: { code: 'DE' } },
  { name: 'a state code outvotes the larger namesake', text: 'Cambridge, MA', want: { code: 'US' } },
  { name: 'a country alias after a city', text: 'Cambridge, UK', want: { code: 'GB', confidence: 1 } },
  { name: 'a state code for an unknown town', text: 'Smallville, KS', want: { code: 'US', confidence: 0.9 } },
  { name: 'province code', text: 'Ottawa, ON', want: { code: 'CA' } },
  { name: 'WA after Seattle is Washington', text: 'Seattle, WA', want: { code: 'US' } },
  { name: 'WA after Perth is Western Australia', text: 'Perth, WA', want: { code: 'AU' } },
  { name: 'Vancouver, WA is the US one', text: 'Vancouver, WA', want: { code: 'US' } },
  { name: 'Vancouver, BC is the Canadian one', text: 'Vancouver, BC', want: { code: 'CA' } },
  { name: 'NL after an unknown town is the Netherlands', text: 'Delft, NL', want: { code: 'NL' } },
  { name: 'NL after a Mexican city is Nuevo León', text: 'Monterrey, NL', want: { code: 'MX' } },
  { name: 'a Brazilian state code after " - "', text: 'São Paulo - SP', want: { code: 'BR' } },
  { name: 'Portland, Oregon', text: 'Portland, Oregon', want: { code: 'US' } },
  { name: 'Portland, Maine', text: 'Portland, Maine', want: { code: 'US' } },
  { name: 'Georgia alone is the country', text: 'Georgia', want: { code: 'GE' } },
  { name: 'Georgia after a US city is the state', text: 'Atlanta, Georgia', want: { code: 'US' } },
  { name: 'Georgia after a Georgian city is the country', text: 'Tbilisi, Georgia', want: { code: 'GE' } },
  { name: 'a region the data lacks', text: 'Bavaria', want: { code: 'DE' } },
  // Cities
  { name: 'a unique city', text: 'Karlsruhe', want: { code: 'DE', confidence: 0.8, via: 'city' } },
  { name: 'a city shared with small namesakes', text: 'London', want: { code: 'GB' } },
  { name: 'every namesake in one country', text: 'Springfield', want: { code: 'US', confidence: 0.8 } },
  { name: 'a city shared evenly leans by population', text: 'Valencia', want: { code: 'VE' } },
  { name: 'a shared city with its country', text: 'Valencia, Spain', want: { code: 'ES', confidence: 1 } },
  { name: 'a city with its state', text: 'Paris, Texas', want: { code: 'US' } },
  { name: 'another spelling', text: 'Bangalore', want: { code: 'IN', via: 'city' } },
  { name: 'Cyrillic city', text: 'Москва', want: { code: 'RU' } },
  { name: 'Han city inside unspaced text', text: '中国北京', want: { code: 'CN' } },
  { name: 'Japanese address', text: '東京都渋谷区', want: { code: 'JP' } },
  { name: 'other spacing', text: 'Ha Noi', want: { code: 'VN' } },
  { name: 'spaces left out', text: 'Kualalumpur', want: { code: 'MY' } },
  { name: 'a letter away from a long city name', text: 'Marrakech', want: { code: 'MA', confidence: 0.72 } },
  { name: 'Turkish dotted capital I', text: 'İstanbul', want: { code: 'TR' } },
  // Metros
  { name: 'NYC', text: 'NYC', want: { code: 'US', confidence: 0.95, via: 'alias' } },
  { name: 'SF', text: 'SF', want: { code: 'US', via: 'alias' } },
  { name: 'LA', text: 'LA', want: { code: 'US' } },
  { name: 'Bay Area', text: 'Bay Area', want: { code: 'US' } },
  { name: 'Silicon Valley', text: 'Silicon Valley', want: { code: 'US' } },
  { name: 'DC', text: 'Washington, D.C.', want: { code: 'US' } },
  // Extra words
  { name: 'Based in', text: 'Based in Berlin', want: { code: 'DE', confidence: 0.8 } },
  { name: 'Greater … Area', text: 'Greater Boston Area', want: { code: 'US' } },
  { name: 'Remote with a country', text: 'Remote, USA', want: { code: 'US' } },
  { name: 'Remote with a country in parentheses', text: 'Remote (Germany)', want: { code: 'DE' } },
  { name: 'a country inside a sentence', text: 'Working remotely from Spain', want: { code: 'ES', confidence: 0.9 } },
  { name: 'capitalised words around a city', text: 'Freiburg im Breisgau', want: { code: 'DE' } },
  { name: 'a timezone name', text: 'Europe/Berlin', want: { code: 'DE' } },
  // Several places
  { name: 'two cities: the first wins, less surely', text: 'Paris / London', want: { code: 'FR', confidence: 0.56 } },
  { name: 'two countries: the first wins', text: 'Germany / France', want: { code: 'DE', confidence: 0.7 } },
  { name: 'two cities of one country', text: 'Berlin / Munich', want: { code: 'DE', confidence: 0.8 } },
  { name: 'a place and Remote', text: 'Berlin / Remote', want: { code: 'DE', confidence: 0.8 } },
  { name: 'origin yields to residence', text: 'Originally from Lagos, now in London', want: { code: 'GB' } },
  { name: 'origin alone still names a place', text: 'Born in Kyiv', want: { code: 'UA' } },
  // Not places
  ...[
    'Remote',
    'Earth',
    'Planet Earth ☀️',
    'Internet',
    'localhost',
    'localhost:8080',
    '127.0.0.1',
    'Somewhere',
    'The Moon',
    '/dev/null',
    'Worldwide',
    '',
    '   ',
    'Europe',
    'EU',
    'Antarctica',
    'Nice place',
    'Split personality',
    'Null Island',
    'Neverland',
    'Gotham City',
    'Batman',
  ].map((text) => ({ name: `no place: ${JSON.stringify(text)}`, text, want: undefined })),
]

for (const c of cases) {
  test(c.name, () => {
    const got = curateLocation(c.text)
    if (c.want === undefined) return assert.equal(got, undefined, `${c.text}: ${JSON.stringify(got)}`)
    assert.ok(got, `${c.text}: nothing`)
    const picked = Object.fromEntries(Object.keys(c.want).map((k) => [k, got[k as keyof CuratedPlace]]))
    assert.deepEqual(picked, c.want, c.text)
  })
}

test('every result is well formed: upper-case code, its English name, confidence in [threshold, 1]', () => {
  for (const c of cases) {
    const got = curateLocation(c.text)
    if (!got) continue
    assert.match(got.code, /^[A-Z]{2}$/)
    assert.equal(got.country, countryName(got.code))
    assert.ok(got.confidence >= CURATION_THRESHOLD && got.confidence <= 1, `${c.text}: ${got.confidence}`)
    assert.ok(['flag', 'country', 'region', 'city', 'alias'].includes(got.via))
  }
  assert.ok(CONFLICT_FACTOR < 1 && CONFLICT_FACTOR * 1 >= CURATION_THRESHOLD, 'two countries still curate')
})

test('very long text is cut and still read', () => {
  assert.equal(curateLocation(`Berlin ${'x'.repeat(100_000)}`), undefined)
  assert.equal(curateLocation(`Berlin, ${'🌍'.repeat(100_000)}`)?.code, 'DE')
})

test('countryName: English short name of an alpha-2 code, any case', () => {
  assert.equal(countryName('DE'), 'Germany')
  assert.equal(countryName('de'), 'Germany')
  assert.equal(countryName('XX'), undefined)
  assert.equal(countryName('DEU'), undefined)
  assert.equal(countryName(''), undefined)
})

test('every country code in the hand tables is a known alpha-2 code', () => {
  for (const [table, rows] of Object.entries({ CITY_ALIASES, COUNTRY_ALIASES, METRO_ALIASES, REGION_ALIASES })) {
    for (const [name, code] of rows) assert.ok(countryName(code), `${table}: ${name} → ${code}`)
  }
})

test('every state and province has a name and a two- or three-letter abbreviation', () => {
  for (const [table, rows] of Object.entries({ AU_STATES, CA_PROVINCES, US_STATES })) {
    for (const [name, abbr] of rows) assert.ok(name && /^[A-Z]{2,3}$/.test(abbr), `${table}: ${name} → ${abbr}`)
  }
  assert.equal(US_STATES.length, 51)
  assert.equal(CA_PROVINCES.length, 13)
})

test('placeKey: case, accents, dots and punctuation', () => {
  assert.equal(placeKey('Zürich'), 'zurich')
  assert.equal(placeKey('U.S.A.'), 'usa')
  assert.equal(placeKey('İstanbul'), 'istanbul')
  assert.equal(placeKey('Straße'), 'strasse')
  assert.equal(placeKey('Sankt-Peterburg'), 'sankt peterburg')
  assert.equal(placeKey('  Washington,  D.C. '), 'washington dc')
  assert.equal(placeKey('ＴＯＫＹＯ'), 'tokyo')
})

test('oneEditApart: one substitution, insertion or deletion', () => {
  assert.ok(oneEditApart('sevilla', 'seville'))
  assert.ok(oneEditApart('bhubaneswar', 'bhubaneshwar'))
  assert.ok(oneEditApart('bhubaneshwar', 'bhubaneswar'))
  assert.ok(!oneEditApart('seville', 'seville'))
  assert.ok(!oneEditApart('germnay', 'germany'))
})
