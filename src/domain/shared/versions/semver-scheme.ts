// Semantic versioning (npm and the other semver ecosystems) through node-semver, loose (a leading `v` is fine).
// Strings that are not semver fall back to natural order among themselves and sort below every semver
// version, so the order stays total and consistent on mixed lists.
//
// Resolving a batch compares every version of every component it names, again and again, so each version string's
// parse is kept, as an order key: one flat string per version (not node-semver's three objects), whose plain string
// order is node-semver's `compare` then `compareBuild`. Main numbers are length-prefixed digits; a pre-release list
// sorts below none; each identifier is numeric (by value) below alphanumeric (by text), and a list below its own
// extensions. Versions whose order the key cannot hold exactly (numeric identifiers past 15 digits, where node-semver
// compares floats, and build identifiers with leading zeros, where it stops at the first equal-by-value pair) are
// compared by parsing both, unkept.
import semver from 'semver'
import { naturalCompare } from './natural-scheme.ts'
import type { VersionScheme } from './types.ts'

const LOOSE = { loose: true } as const
/** A version node-semver parses but whose order a key cannot hold: compared by parsing. */
const UNKEYED = '\u0000'
const keys = new Map<string, string | null>()
const KEYS_MAX = 200_000
const NUMERIC = /^[0-9]+$/

/** The version's order key, UNKEYED, or null when node-semver cannot parse it. */
function keyOf(v: string): string | null {
  let k = keys.get(v)
  if (k !== undefined) return k
  const p = semver.parse(v, LOOSE)
  k = p ? orderKey(p) : null
  if (keys.size >= KEYS_MAX) keys.clear()
  keys.set(v, k)
  return k
}

function orderKey(p: semver.SemVer): string {
  const pre = p.prerelease.length > 0 ? identifiers(p.prerelease, false) : ''
  const build = identifiers(p.build, true)
  if (pre === undefined || build === undefined) return UNKEYED
  return `${digits(p.major)}${digits(p.minor)}${digits(p.patch)}${pre ? `\u0001${pre}` : '\u0002'}${build}`
}

/** Length-prefixed digits (node-semver's numbers are below 2^53, at most 16 digits). */
function digits(n: number | string): string {
  const s = String(n)
  return `${String.fromCharCode(0x30 + s.length)}${s}`
}

/** An identifier list: each numeric (\u0002) or text (\u0003), ended by \u0001; the list by \u0000. */
function identifiers(ids: readonly (string | number)[], build: boolean): string | undefined {
  let out = ''
  for (const id of ids) {
    const s = String(id)
    if (!NUMERIC.test(s)) out += `\u0003${s}\u0001`
    else if (s.length > 15 || (build && s.length > 1 && s.startsWith('0'))) return undefined
    else out += `\u0002${digits(Number(s))}\u0001`
  }
  return `${out}\u0000`
}

function parsedCompare(a: string, b: string): number {
  const x = semver.parse(a, LOOSE) as semver.SemVer
  const y = semver.parse(b, LOOSE) as semver.SemVer
  return x.compare(y) || x.compareBuild(y)
}

/** Where a key's pre-release mark is: after its three length-prefixed numbers. */
function preMark(k: string): number {
  let i = 0
  for (let n = 0; n < 3; n++) i += 1 + k.charCodeAt(i) - 0x30
  return i
}

export const semverScheme: VersionScheme = {
  name: 'semver',
  ranges: 'semver',
  isValid: (v) => keyOf(v) !== null,
  compare(a, b) {
    const x = keyOf(a)
    const y = keyOf(b)
    if (x !== null && y !== null) {
      const c = x === UNKEYED || y === UNKEYED ? parsedCompare(a, b) : x < y ? -1 : x > y ? 1 : 0
      return c || (a < b ? -1 : a > b ? 1 : 0)
    }
    if (x !== null) return 1
    if (y !== null) return -1
    return naturalCompare(a, b)
  },
  isPrerelease(v) {
    const k = keyOf(v)
    if (k === null) return false
    return k === UNKEYED ? (semver.parse(v, LOOSE)?.prerelease.length ?? 0) > 0 : k[preMark(k)] === '\u0001'
  },
}

/** major.minor.patch of a semver version (loose), without keeping a parsed object; undefined when it is not semver. */
export function semverPoint(v: string): { major: number; minor: number; patch: number } | undefined {
  const k = keyOf(v)
  if (k === null) return undefined
  if (k === UNKEYED) return semver.parse(v, LOOSE) ?? undefined
  const out: number[] = []
  let i = 0
  for (let n = 0; n < 3; n++) {
    const len = k.charCodeAt(i) - 0x30
    out.push(Number(k.slice(i + 1, i + 1 + len)))
    i += 1 + len
  }
  const [major, minor, patch] = out as [number, number, number]
  return { major, minor, patch }
}
