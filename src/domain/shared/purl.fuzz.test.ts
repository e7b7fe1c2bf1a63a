// Property-based fuzzing of the PURL parser (docs/security.md): arbitrary strings only ever fail with INVALID_PURL,
// canonicalisation is idempotent, and generated purls of the common types round-trip their parts.
// Fixed seeds keep CI deterministic; a failure prints the counterexample and the seed to replay it.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { DomainError } from './outcome.ts'
import { canonicalPurl, MAX_PURL_LENGTH, type Purl, parsePurl, purlWithVersion, tryParsePurl } from './purl.ts'

const SEED = 20_260_110
const counts: Record<string, number> = {}
const run = <T>(name: string, arb: fc.Arbitrary<T>, check: (v: T) => void, numRuns: number) => {
  counts[name] = numRuns
  fc.assert(fc.property(arb, check), { seed: SEED, numRuns })
}

/** Characters the parser must survive: purl syntax, percent signs, controls, NUL, lone surrogates, astral. */
const tricky = fc.constantFrom(
  ...'pkg:/@?#%=&.+-_~ ',
  '\t',
  '\r',
  '\n',
  '\u0000',
  '\u007f',
  'é',
  '中',
  '😀',
  '\uD800',
  '\uDC00',
)
const unit = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 3 }),
  tricky,
  fc.constantFrom('%2F', '%40', '%00', '%ZZ', '%', '%26', '%3D', '%23', '%3F', '%25', '%C3%A9'),
)
const noisy = fc.string({ unit, maxLength: 60 })
const purlLike = fc
  .tuple(
    fc.constantFrom('pkg:', 'PKG:', 'pkg:/', 'pkg://', ''),
    fc.constantFrom('npm', 'pypi', 'maven', 'NPM', '', '1x', 'a.b+c'),
    noisy,
  )
  .map(([p, t, rest]) => `${p}${t}/${rest}`)
const piece = fc.string({ unit, maxLength: 8 })
const structured = fc
  .record({
    type: fc.constantFrom('npm', 'pypi', 'maven', 'golang', 'generic', 'github'),
    path: fc.array(piece, { minLength: 1, maxLength: 3 }),
    version: fc.option(piece),
    qualifiers: fc.array(fc.tuple(piece, piece), { maxLength: 3 }),
    subpath: fc.option(piece),
  })
  .map(
    (r) =>
      `pkg:${r.type}/${r.path.join('/')}${r.version === null ? '' : `@${r.version}`}` +
      `${r.qualifiers.length ? `?${r.qualifiers.map(([k, v]) => `${k}=${v}`).join('&')}` : ''}` +
      `${r.subpath === null ? '' : `#${r.subpath}`}`,
  )
const anyInput = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), noisy, purlLike, structured)

/** Parses or throws the documented error; returns the parse. */
function parseOrInvalid(s: string): Purl | undefined {
  try {
    const p = parsePurl(s)
    assert.equal(tryParsePurl(s) !== undefined, true)
    return p
  } catch (err) {
    assert.ok(err instanceof DomainError, `${JSON.stringify(s)} threw ${String(err)}`)
    assert.equal(err.code, 'INVALID_PURL')
    assert.equal(tryParsePurl(s), undefined)
    return undefined
  }
}

test('arbitrary strings: a Purl or INVALID_PURL, never another error', () => {
  run(
    'arbitrary strings',
    anyInput,
    (s) => {
      const p = parseOrInvalid(s)
      if (!p) return
      assert.match(p.type, /^[a-z][a-z0-9.+-]*$/)
      assert.ok(p.name.length > 0)
    },
    3000,
  )
})

test('strings around MAX_PURL_LENGTH and far beyond: only the documented error', () => {
  const around = fc
    .integer({ min: MAX_PURL_LENGTH - 16, max: MAX_PURL_LENGTH + 16 })
    .map((n) => `pkg:npm/${'a'.repeat(n - 8)}`)
  const long = fc.string({ unit: 'binary-ascii', minLength: MAX_PURL_LENGTH - 50, maxLength: MAX_PURL_LENGTH * 3 })
  run(
    'long strings',
    fc.oneof(around, long),
    (s) => {
      const p = parseOrInvalid(s)
      if (s.length > MAX_PURL_LENGTH) assert.equal(p, undefined, 'longer than the limit is refused')
      else if (/^pkg:npm\/a+$/.test(s)) assert.equal(p?.name, s.slice(8))
    },
    200,
  )
})

test('canonicalisation of whatever parses is idempotent and keeps the parts', () => {
  run(
    'canonical idempotence (arbitrary)',
    anyInput,
    (s) => {
      const p = parseOrInvalid(s)
      if (!p) return
      const c = canonicalPurl(p)
      const again = parsePurl(c)
      assert.equal(canonicalPurl(again), c, `${JSON.stringify(s)} → ${c}`)
      const { version: _v, ...rest } = p
      assert.deepEqual(again, rest)
    },
    3000,
  )
})

// Generated valid purls of the common types, already in canonical form (parse must give the parts back).
const alnum = 'abcdefghijklmnopqrstuvwxyz0123456789'
const seg = (chars: string, extra: string[] = []) =>
  fc.string({ unit: fc.constantFrom(...chars, ...extra), minLength: 1, maxLength: 12 })
const lowerSeg = seg(alnum)
const casedSeg = seg(`${alnum}ABCXYZ`, ['-', '.', '_', '~', ' ', '%', '+', ':', '@', '!', 'é', '中', '😀'])
const word = seg(alnum).filter((s) => !/^\d/.test(s))
/** packageurl-js decodes qualifier values twice (URLSearchParams, then a check), so a bare `%` cannot round-trip. */
const decodable = (v: string) => {
  try {
    decodeURIComponent(v)
    return true
  } catch {
    return false
  }
}
const qualifiers = fc.option(
  fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9._-]{0,8}$/), casedSeg.filter(decodable), { minKeys: 1, maxKeys: 4 }),
  { nil: undefined },
)
const subpath = fc.option(
  fc
    .array(
      casedSeg.filter((x) => x !== '.' && x !== '..' && !x.includes('/')),
      { minLength: 1, maxLength: 3 },
    )
    .map((a) => a.join('/')),
  { nil: undefined },
)
const sorted = (q: Record<string, string> | undefined) =>
  q && Object.fromEntries(Object.entries(q).sort(([a], [b]) => (a < b ? -1 : 1)))

function purl(type: string, ns: fc.Arbitrary<string | undefined>, name: fc.Arbitrary<string>): fc.Arbitrary<Purl> {
  return fc.record({ ns, name, q: qualifiers, sub: subpath }).map(({ ns: namespace, name: n, q, sub }) => {
    const p: Purl = { type, name: n }
    if (namespace) p.namespace = namespace
    const qs = sorted(q)
    if (qs) p.qualifiers = qs
    if (sub) p.subpath = sub
    return p
  })
}
const none = fc.constant(undefined)
const TYPES: Record<string, fc.Arbitrary<Purl>> = {
  npm: purl(
    'npm',
    fc.option(
      casedSeg.map((s) => `@${s}`),
      { nil: undefined },
    ),
    casedSeg,
  ),
  pypi: purl(
    'pypi',
    none,
    fc.array(lowerSeg, { minLength: 1, maxLength: 3 }).map((a) => a.join('-')),
  ),
  maven: purl(
    'maven',
    fc.array(word, { minLength: 1, maxLength: 3 }).map((a) => a.join('.')),
    casedSeg,
  ),
  github: purl('github', lowerSeg, seg(alnum, ['-', '.', '_'])),
  golang: purl(
    'golang',
    fc.array(seg(`${alnum}ABC`, ['-', '.', '_', '~']), { minLength: 1, maxLength: 4 }).map((a) => a.join('/')),
    casedSeg,
  ),
  cargo: purl('cargo', none, seg(alnum, ['-', '_'])),
  gem: purl('gem', none, seg(`${alnum}ABC`, ['-', '_', '.'])),
  nuget: purl('nuget', none, seg(`${alnum}ABC`, ['.', '-', '_'])),
  generic: purl('generic', fc.option(casedSeg, { nil: undefined }), casedSeg),
}
const version = casedSeg

for (const [type, arb] of Object.entries(TYPES)) {
  test(`generated ${type} purls: parse(canonical) round-trips the parts; canonical is idempotent`, () => {
    run(
      `round trip ${type}`,
      fc.tuple(arb, fc.option(version, { nil: undefined })),
      ([p, v]) => {
        const c = canonicalPurl(p)
        const back = parsePurl(c)
        assert.deepEqual(back, p, c)
        assert.equal(canonicalPurl(parsePurl(canonicalPurl(back))), c)
        if (v === undefined || v.trim() !== v) return
        const withVersion = parsePurl(purlWithVersion(p, v))
        assert.deepEqual(withVersion, { ...p, version: v })
        assert.equal(canonicalPurl(withVersion), c, 'the version is not part of the identity')
      },
      400,
    )
  })
}

test('purl fuzz counts', () => {
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  console.log(`purl fuzz: ${total} cases`, JSON.stringify(counts))
})
