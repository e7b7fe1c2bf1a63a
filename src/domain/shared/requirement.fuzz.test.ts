// Property-based fuzzing of the requirement grammar and resolver (docs/security.md), for every version scheme:
// arbitrary input only ever fails with INVALID_SEMVER, resolution picks a listed version or none, and each scheme's
// compare is reflexive and antisymmetric in sign (transitive too on well-formed versions), so sorting is sound.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import fc from 'fast-check'
import { DomainError } from './outcome.ts'
import { parseRequirement, resolveVersion, tryParseRequirement } from './requirement.ts'
import { schemeFor, type VersionScheme } from './versions/index.ts'

const SEED = 20_260_111
const counts: Record<string, number> = {}
const run = <T>(name: string, arb: fc.Arbitrary<T>, check: (v: T) => void, numRuns: number) => {
  counts[name] = (counts[name] ?? 0) + numRuns
  fc.assert(fc.property(arb, check), { seed: SEED, numRuns })
}

/** One purl type per version scheme (versions/index.ts); generic falls back to natural order. */
const SCHEMES: [VersionScheme, string][] = [
  'npm',
  'pypi',
  'maven',
  'gem',
  'nuget',
  'composer',
  'golang',
  'cargo',
  'generic',
].map((type) => [schemeFor(type), type])

const n = fc.integer({ min: 0, max: 20 }).map(String)
const tag = fc.constantFrom('alpha', 'beta', 'rc', 'a', 'b', 'c', 'pre', 'dev', 'post', 'SNAPSHOT', 'Final', 'GA', 'sp')
const semverish = fc
  .tuple(fc.constantFrom('', 'v', 'V'), n, n, n, fc.option(fc.tuple(tag, n)), fc.option(n))
  .map(
    ([v, a, b, c, pre, build]) => `${v}${a}.${b}.${c}${pre ? `-${pre[0]}.${pre[1]}` : ''}${build ? `+${build}` : ''}`,
  )
const shaped = fc
  .tuple(
    fc.option(n.map((e) => `${e}!`)),
    fc.array(n, { minLength: 1, maxLength: 4 }),
    fc.array(fc.tuple(fc.constantFrom('.', '-', '_', '', '+', '~'), fc.oneof(tag, n)), { maxLength: 3 }),
  )
  .map(([epoch, parts, rest]) => `${epoch ?? ''}${parts.join('.')}${rest.map(([s, p]) => s + p).join('')}`)
const junk = fc.string({
  unit: fc.constantFrom(...'0123456789.-+_~!*^<>=|, xXvabc', '\u0000', 'é', '😀'),
  maxLength: 16,
})
const version = fc.oneof(semverish, shaped, junk)
const listOf = (v: fc.Arbitrary<string>) =>
  fc.uniqueArray(v, { maxLength: 12 }).map((vs) => vs.map((x) => ({ version: x })))
const versions = listOf(version)
const wellFormed = fc.oneof(semverish, shaped)

const op = fc.constantFrom('', '=', '==', '>', '>=', '<', '<=', '^', '~', '~>', '!=', '===')
const clause = fc.tuple(
  op,
  fc.constantFrom('', ' '),
  fc.oneof(version, fc.constantFrom('*', 'x', '1.x', '1.2.x', 'latest')),
)
const requirement = fc.oneof(
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: junk },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.array(clause, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 })
      .chain((groups) =>
        fc
          .tuple(fc.constantFrom(' ', ',', ', ', ' - '), fc.constantFrom('||', ' || '))
          .map(([and, or]) => groups.map((g) => g.map(([o, sp, v]) => `${o}${sp}${v}`).join(and)).join(or)),
      ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 250, maxLength: 300 }) },
)

for (const [scheme, type] of SCHEMES) {
  test(`${scheme.name}: parseRequirement returns or throws INVALID_SEMVER, never another error`, () => {
    run(
      'parse',
      requirement,
      (r) => {
        try {
          parseRequirement(r, scheme)
          assert.notEqual(tryParseRequirement(r, scheme), undefined)
        } catch (err) {
          assert.ok(err instanceof DomainError, `${JSON.stringify(r)} threw ${String(err)}`)
          assert.equal(err.code, 'INVALID_SEMVER')
          assert.equal(tryParseRequirement(r, scheme), undefined)
        }
      },
      400,
    )
  })

  test(`${scheme.name}: resolution against generated version lists picks a listed version or none`, () => {
    const purl = fc.oneof(
      { weight: 4, arbitrary: fc.constant(`pkg:${type}/x`) },
      { weight: 1, arbitrary: version.map((v) => `pkg:${type}/x@${encodeURIComponent(v)}`) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    )
    run(
      'resolve',
      fc.tuple(purl, requirement, versions),
      ([p, r, known]) => {
        const res = resolveVersion({ purl: p, requirement: r }, known, scheme)
        assert.ok(['SUCCESS', 'VERSION_NOT_FOUND', 'INVALID_SEMVER', 'INVALID_PURL'].includes(res.outcome.code))
        if (res.outcome.code === 'SUCCESS') {
          assert.ok(res.chosen && known.includes(res.chosen), 'the chosen entry is one of the list')
          assert.equal(res.version, res.chosen.version)
        } else {
          assert.equal(res.version, '')
          assert.equal(res.chosen, undefined)
        }
      },
      400,
    )
  })

  test(`${scheme.name}: no requirement picks the highest listed version`, () => {
    // well-formed versions only: junk can form order cycles, where "highest" is not defined (see below)
    run(
      'resolve any',
      listOf(wellFormed).filter((k) => k.length > 0),
      (known) => {
        const res = resolveVersion({ purl: `pkg:${type}/x`, requirement: '' }, known, scheme)
        assert.equal(res.outcome.code, 'SUCCESS')
        for (const k of known) assert.ok(scheme.compare(res.version, k.version) >= 0, `${res.version} < ${k.version}`)
      },
      150,
    )
  })

  test(`${scheme.name}: compare is reflexive and antisymmetric; transitive on well-formed versions`, () => {
    const sign = (x: number) => (x > 0 ? 1 : x < 0 ? -1 : 0)
    run(
      'compare',
      fc.tuple(version, version),
      ([a, b]) => {
        assert.equal(sign(scheme.compare(a, a)), 0, `compare(${a}, ${a})`)
        assert.equal(sign(scheme.compare(a, b)) + sign(scheme.compare(b, a)), 0, `${a} vs ${b}`)
      },
      400,
    )
    // Not over junk: natural order's pre-release rule makes cycles such as 6 < 6-0 < 6b0 < 6 (docs/security.md).
    run(
      'compare',
      fc.tuple(wellFormed, wellFormed, wellFormed),
      ([a, b, c]) => {
        if (scheme.compare(a, b) <= 0 && scheme.compare(b, c) <= 0)
          assert.ok(scheme.compare(a, c) <= 0, `${a} ≤ ${b} ≤ ${c} but not ${a} ≤ ${c}`)
      },
      400,
    )
  })
}

test('requirement fuzz counts', () => {
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  console.log(`requirement fuzz: ${total} cases over ${SCHEMES.length} schemes`, JSON.stringify(counts))
})
