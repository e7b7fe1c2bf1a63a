// Cargo's version requirements (the Cargo book, "Specifying dependencies"; the semver crate's VersionReq, which
// Cargo uses): comma-joined comparators, each `^`, `~`, `=`, `>`, `>=`, `<`, `<=` or no operator, then a version of
// one to three parts (`1`, `1.2`, `1.2.3-pre`), or a wildcard (`*`, `1.*`, `1.2.*`, `x` for `*`). No operator means
// caret: `1.2.3` is `^1.2.3` (>=1.2.3, <2.0.0), not that version alone. A pre-release version is admitted only when
// a comparator names a pre-release of the same major.minor.patch; build metadata plays no part.
import { compareDigits } from './compare-parts.ts'
import { comparePrerelease, parseSemver2, type Semver2 } from './semver2.ts'
import type { OwnRange, RangeSyntax } from './types.ts'

type Op = '=' | '>' | '>=' | '<' | '<=' | '~' | '^' | '*'

interface Comparator {
  op: Op
  major: string
  minor: string | undefined
  patch: string | undefined
  pre: string[]
}

const COMPARATOR = /^(=|>=|>|<=|<|~|\^)?\s*(.+)$/
const NUMBER = /^(?:0|[1-9]\d*)$/
const WILD = new Set(['*', 'x', 'X'])
const PRE = /^[0-9A-Za-z-]+$/

function parseComparator(part: string): Comparator | 'any' | undefined {
  const m = COMPARATOR.exec(part.trim())
  if (!m) return undefined
  const written = m[1] as Op | undefined
  const [main = '', ...preParts] = (m[2] as string).replace(/\+.*$/, '').split('-')
  const pre = preParts.length > 0 ? preParts.join('-').split('.') : []
  if (!pre.every((id) => PRE.test(id) && !(/^\d+$/.test(id) && !NUMBER.test(id)))) return undefined
  const parts = main.split('.')
  if (parts.length > 3) return undefined
  const wild = parts.findIndex((p) => WILD.has(p))
  if (wild !== -1) {
    // a wildcard ends the version and takes no operator but `=`, and no pre-release
    if (parts.slice(wild).some((p) => !WILD.has(p)) || pre.length > 0) return undefined
    if (written !== undefined && written !== '=') return undefined
    if (wild === 0) return 'any'
    parts.length = wild
  }
  if (!parts.every((p) => NUMBER.test(p))) return undefined
  if (pre.length > 0 && parts.length < 3) return undefined // `1.2-beta` is not a version
  const [major, minor, patch] = parts as [string, string?, string?]
  return { op: wild !== -1 ? '*' : (written ?? '^'), major, minor, patch, pre }
}

/** The comparators of a requirement (`[]`: any version), or undefined when it is not one. */
export function parseCargoRequirement(text: string): Comparator[] | undefined {
  const out: Comparator[] = []
  for (const part of text.split(',')) {
    const c = parseComparator(part)
    if (c === undefined) return undefined
    if (c !== 'any') out.push(c)
  }
  return out
}

const cmp = compareDigits

// The semver crate's matches_* functions (src/eval.rs), over digit strings.
function exact(c: Comparator, v: Semver2): boolean {
  const [major, minor, patch] = v.core as [string, string, string]
  if (cmp(major, c.major) !== 0) return false
  if (c.minor !== undefined && cmp(minor, c.minor) !== 0) return false
  if (c.patch !== undefined && cmp(patch, c.patch) !== 0) return false
  return comparePrerelease(v.pre, c.pre) === 0
}

/** `sign` 1: v above c (matches_greater); -1: v below c (matches_less). */
function beyond(c: Comparator, v: Semver2, sign: 1 | -1): boolean {
  const [major, minor, patch] = v.core as [string, string, string]
  const steps: [string, string | undefined][] = [
    [major, c.major],
    [minor, c.minor],
    [patch, c.patch],
  ]
  for (const [x, y] of steps) {
    if (y === undefined) return false
    const d = cmp(x, y)
    if (d !== 0) return d * sign > 0
  }
  return comparePrerelease(v.pre, c.pre) * sign > 0
}

function tilde(c: Comparator, v: Semver2): boolean {
  const [major, minor, patch] = v.core as [string, string, string]
  if (cmp(major, c.major) !== 0) return false
  if (c.minor !== undefined && cmp(minor, c.minor) !== 0) return false
  if (c.patch !== undefined && cmp(patch, c.patch) !== 0) return cmp(patch, c.patch) > 0
  return comparePrerelease(v.pre, c.pre) >= 0
}

function caret(c: Comparator, v: Semver2): boolean {
  const [major, minor, patch] = v.core as [string, string, string]
  if (cmp(major, c.major) !== 0) return false
  if (c.minor === undefined) return true
  if (c.patch === undefined) return c.major !== '0' ? cmp(minor, c.minor) >= 0 : cmp(minor, c.minor) === 0
  if (c.major !== '0') {
    if (cmp(minor, c.minor) !== 0) return cmp(minor, c.minor) > 0
    if (cmp(patch, c.patch) !== 0) return cmp(patch, c.patch) > 0
  } else if (c.minor !== '0') {
    if (cmp(minor, c.minor) !== 0) return false
    if (cmp(patch, c.patch) !== 0) return cmp(patch, c.patch) > 0
  } else if (cmp(minor, c.minor) !== 0 || cmp(patch, c.patch) !== 0) return false
  return comparePrerelease(v.pre, c.pre) >= 0
}

function holds(c: Comparator, v: Semver2): boolean {
  switch (c.op) {
    case '=':
    case '*':
      return exact(c, v)
    case '>':
      return beyond(c, v, 1)
    case '>=':
      return exact(c, v) || beyond(c, v, 1)
    case '<':
      return beyond(c, v, -1)
    case '<=':
      return exact(c, v) || beyond(c, v, -1)
    case '~':
      return tilde(c, v)
    case '^':
      return caret(c, v)
  }
}

/** A pre-release is admitted only through a comparator naming a pre-release of its major.minor.patch. */
function preIsCompatible(c: Comparator, v: Semver2): boolean {
  const [major, minor, patch] = v.core as [string, string, string]
  return (
    c.pre.length > 0 &&
    cmp(major, c.major) === 0 &&
    c.minor !== undefined &&
    cmp(minor, c.minor) === 0 &&
    c.patch !== undefined &&
    cmp(patch, c.patch) === 0
  )
}

/** Whether a crate version meets the requirement's comparators, as the semver crate's VersionReq::matches. */
export function cargoMatches(comparators: readonly Comparator[], version: string): boolean {
  const v = parseSemver2(version, { parts: [3, 3] })
  if (!v || !comparators.every((c) => holds(c, v))) return false
  return v.pre.length === 0 || comparators.some((c) => preIsCompatible(c, v))
}

function requirementRange(comparators: readonly Comparator[]): OwnRange {
  return { admit: (versions) => versions.filter((x) => cargoMatches(comparators, x.version)) }
}

export const cargoRequirements: RangeSyntax = {
  name: 'cargo',
  parse(text) {
    const comparators = parseCargoRequirement(text)
    if (!comparators) return undefined
    const [only] = comparators
    if (comparators.length === 1 && only?.op === '=' && only.patch !== undefined)
      return { exact: text.trim().replace(/^=\s*/, '') }
    return { range: requirementRange(comparators) }
  },
}
