// Origin from commit time-zone offsets: synthetic histories with a known answer, rounding properties, and a sanity
// run over the shipped data set when it has been copied into data/.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import countries from 'i18n-iso-countries'
import { type AuthorOffsets, authorCountries, inferOrigin, type OriginLocation, parseOffset } from './origin.ts'
import { developerPrior, FLOOR_DEVELOPERS, priorCountries } from './prior.ts'

type Commit = AuthorOffsets['commits'][number]
const at = (offsetMinutes: number, count: number, month?: string): Commit => ({ offsetMinutes, count, month })
const author = (...commits: Commit[]): AuthorOffsets => ({ commits })

const _CENTRAL_EUROPE = ['AT', 'BE', 'CH', 'CZ', 'DE', 'DK', 'ES', 'FR', 'HU', 'IT', 'NL', 'NO', 'PL', 'SE']

const authorCases: {
  name: string
  author: AuthorOffsets
  top: string[] // the most likely country is one of these
  includes?: string[]
  excludes?: string[]
  minTop?: number
}[] = [
  {
    name: 'US Pacific: -0800 in winter, -0700 in summer',
    author: author(at(-480, 40, '2022-01'), at(-480, 30, '2022-12'), at(-420, 50, '2022-07')),
    top: ['US'],
    includes: ['CA', 'MX'],
    excludes: ['GB', 'DE'],
    minTop: 0.8,
  },
  {
    name: 'US Pacific without months (data set shape)',
    author: author(at(-480, 1519), at(-420, 2353)),
    top: ['US'],
    includes: ['CA', 'MX'],
    minTop: 0.8,
  },
  {
    name: 'central Europe: +0100 in January, +0200 in July',
    author: author(at(60, 20, '2023-01'), at(120, 25, '2023-07')),
    top: ['DE', 'FR'],
    includes: ['IT', 'ES', 'NL', 'PL'],
    excludes: ['GB', 'IE', 'PT'],
  },
  {
    name: '+0100 in July only: British summer time or West Africa, not Germany',
    author: author(at(60, 12, '2023-07')),
    top: ['GB'],
    includes: ['IE', 'PT', 'NG'],
    excludes: ['DE', 'FR', 'IT', 'PL', 'NL'],
  },
  { name: '+0530: India', author: author(at(330, 7)), top: ['IN'], includes: ['LK'], minTop: 0.95 },
  { name: '+0900: Japan, then Korea', author: author(at(540, 3)), top: ['JP'], includes: ['KR'], minTop: 0.5 },
  { name: '+0545: Nepal', author: author(at(345, 2)), top: ['NP'], minTop: 1 },
  {
    name: '+0300 in January 2015 is not Turkey (EET then), in January 2020 it is',
    author: author(at(180, 1, '2015-01'), at(120, 1, '2015-01'), at(180, 1, '2020-01')),
    top: ['TR', 'RU'],
    includes: ['TR', 'RO', 'UA'],
  },
  {
    name: 'a DST change inside the month matches both offsets (Berlin, March 2021)',
    author: author(at(120, 1, '2021-03')),
    top: ['DE'],
    includes: ['DE', 'ZA'],
  },
  {
    name: 'a malformed month is read as season unknown',
    author: author(at(60, 5, '2023-13')),
    top: ['GB'],
    includes: ['DE', 'GB'],
  },
  {
    name: '+0000 counts a quarter next to a local offset',
    author: author(at(0, 4), at(330, 1)),
    top: ['IN'],
    includes: ['GB'],
  },
]

for (const c of authorCases) {
  test(`author: ${c.name}`, () => {
    const dist = authorCountries(c.author)
    assert.ok(dist, 'a distribution')
    const total = [...dist.values()].reduce((a, b) => a + b, 0)
    assert.ok(Math.abs(total - 1) < 1e-9, `sums to 1, got ${total}`)
    const [best, share] = [...dist].sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
    assert.ok(c.top.includes(best), `top ${best} in ${c.top.join(',')}`)
    if (c.minTop !== undefined) assert.ok(share >= c.minTop - 1e-9, `top share ${share} >= ${c.minTop}`)
    for (const country of c.includes ?? []) assert.ok((dist.get(country) ?? 0) > 0, `${country} possible`)
    for (const country of c.excludes ?? []) assert.equal(dist.get(country), undefined, `${country} impossible`)
  })
}

const nothingCases: { name: string; author: AuthorOffsets }[] = [
  { name: 'a bot', author: { bot: true, commits: [at(540, 10)] } },
  { name: 'only +0000 (UTC-configured machine or London in winter)', author: author(at(0, 50, '2023-01')) },
  { name: 'only an offset no zone has', author: author(at(59, 3)) },
  { name: 'no commits', author: author() },
  { name: 'zero and negative counts', author: author(at(330, 0), at(60, -2)) },
]

for (const c of nothingCases) {
  test(`author: nothing inferred from ${c.name}`, () => assert.equal(authorCountries(c.author), undefined))
}

const originCases: { name: string; authors: AuthorOffsets[]; want: OriginLocation[] }[] = [
  { name: 'no authors', authors: [], want: [] },
  { name: 'only bots and +0000', authors: [{ bot: true, commits: [at(60, 9)] }, author(at(0, 9))], want: [] },
  {
    name: 'bots ignored',
    authors: [{ bot: true, commits: [at(540, 500)] }, author(at(345, 1))],
    want: [{ name: 'NP', percentage: 100 }],
  },
  {
    // Each author counts once: the 10,000 commits weigh as much as the single one. India's share of +0530 is
    // 17,114,921 / (17,114,921 + 362,247) developers (prior.ts), a third of that is 32.64%.
    name: 'three authors: two in Nepal, one at +0530',
    authors: [author(at(345, 10_000)), author(at(345, 1)), author(at(330, 5), at(59, 2))],
    want: [
      { name: 'NP', percentage: 66.67 },
      { name: 'IN', percentage: 32.64 },
      { name: 'LK', percentage: 0.69 },
    ],
  },
]

for (const c of originCases) {
  test(`origin: ${c.name}`, () => assert.deepEqual(inferOrigin(c.authors), c.want))
}

function assertWellFormed(locations: OriginLocation[]): void {
  if (locations.length === 0) return
  const hundredths = locations.map((l) => Math.round(l.percentage * 100))
  locations.forEach((l, i) => {
    assert.ok(Math.abs(l.percentage * 100 - (hundredths[i] ?? 0)) < 1e-6, `${l.percentage} has 2 decimals`)
    assert.ok(countries.isValid(l.name) && /^[A-Z]{2}$/.test(l.name), `${l.name} is ISO 3166-1 alpha-2`)
    const next = locations[i + 1]
    if (next) assert.ok(l.percentage > next.percentage || (l.percentage === next.percentage && l.name < next.name))
  })
  assert.equal(
    hundredths.reduce((a, b) => a + b, 0),
    10_000,
    'sums to exactly 100.00',
  )
  assert.ok(Math.abs(locations.reduce((a, l) => a + l.percentage, 0) - 100) < 1e-9)
}

test('origin: percentages are hundredths summing to exactly 100, ordered, over random histories', () => {
  let seed = 42 // mulberry32: a fixed sequence, so a failure reproduces
  const random = (): number => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const offsets = [
    -600, -480, -420, -360, -300, -240, -180, 0, 59, 60, 120, 180, 210, 330, 345, 480, 540, 570, 600, 780,
  ]
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T
  for (let run = 0; run < 300; run++) {
    const authors = Array.from({ length: 1 + Math.floor(random() * 12) }, () => ({
      bot: random() < 0.1,
      commits: Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
        const month =
          random() < 0.5 ? undefined : `20${10 + Math.floor(random() * 14)}-0${1 + Math.floor(random() * 9)}`
        return at(pick(offsets), 1 + Math.floor(random() * 200), month)
      }),
    }))
    assertWellFormed(inferOrigin(authors))
  }
})

const offsetCases: { text: string; want: number | undefined }[] = [
  { text: '+0530', want: 330 },
  { text: '-0800', want: -480 },
  { text: '+0000', want: 0 },
  { text: '-0000', want: 0 },
  { text: '+0545', want: 345 },
  { text: '+1400', want: 840 },
  { text: '-1200', want: -720 },
  { text: '+0059', want: 59 },
  { text: ' +0100\n', want: 60 },
  { text: '0530', want: undefined },
  { text: '+530', want: undefined },
  { text: '+05:30', want: undefined },
  { text: '+0560', want: undefined },
  { text: '+2400', want: undefined },
  { text: '+05300', want: undefined },
  { text: '', want: undefined },
  { text: 'UTC', want: undefined },
]

for (const c of offsetCases) {
  test(`parseOffset ${JSON.stringify(c.text)}`, () => assert.equal(parseOffset(c.text), c.want))
}

test('prior: the source table parses, without the EU aggregate, with a floor for unlisted countries', () => {
  const listed = priorCountries()
  assert.ok(listed.length > 200)
  assert.equal(listed[0], 'US')
  assert.ok(!listed.includes('EU') && !listed.includes('XK'))
  for (const code of listed) assert.ok(countries.isValid(code), code)
  assert.equal(developerPrior('US'), 23_845_773)
  assert.equal(developerPrior('NP'), 304_290)
  assert.equal(developerPrior('AQ'), FLOOR_DEVELOPERS)
})

const dataSet = fileURLToPath(new URL('../../../data/git-origin/commit-timezones.ndjson.gz', import.meta.url))

test('data set: every repository gives percentages summing to 100 and a plausible top country', {
  skip: existsSync(dataSet) ? false : `${dataSet} not present (it is copied there separately)`,
}, () => {
  const lines = gunzipSync(readFileSync(dataSet)).toString('utf8').trim().split('\n')
  assert.ok(lines.length > 0)
  for (const line of lines) {
    const repo = JSON.parse(line) as {
      repo: string
      per_author: { offsets: Record<string, number>; bot?: boolean }[]
    }
    const authors: AuthorOffsets[] = repo.per_author.map((a) => ({
      bot: a.bot,
      commits: Object.entries(a.offsets).flatMap(([text, count]) => {
        const offsetMinutes = parseOffset(text)
        return offsetMinutes === undefined ? [] : [{ offsetMinutes, count }]
      }),
    }))
    const origin = inferOrigin(authors)
    assert.ok(origin.length > 0, repo.repo)
    assertWellFormed(origin)
    console.log(
      repo.repo,
      origin
        .slice(0, 3)
        .map((l) => `${l.name} ${l.percentage}`)
        .join(', '),
    )
    if (repo.repo === 'github.com/expressjs/express') assert.equal(origin[0]?.name, 'US')
  }
})
