// SemVer 2.0.0 (semver.org) parsing and precedence, written for the schemes built on it: Go modules, crates.io
// and NuGet. Precedence (§11): the numeric parts in order; a version with a pre-release is lower than the same
// version without; pre-release identifiers compare numerically when both are digits, numeric ones lower than
// alphanumeric ones, others in ASCII order, and a shorter list of equal identifiers is lower. Build metadata
// (§10) plays no part in precedence.
import { compareIdentifiers, compareNumbers } from './compare-parts.ts'

export interface Semver2 {
  /** The numeric parts, as digit strings (any size). */
  core: string[]
  pre: string[]
  build: string[]
}

export interface Semver2Options {
  /** How many numeric parts the ecosystem accepts (SemVer: exactly 3; NuGet: 1 to 4). */
  parts: [min: number, max: number]
  /** Whether numeric parts may have leading zeros (NuGet: yes; SemVer: no). */
  leadingZeros?: boolean
}

const IDENT = /^[0-9A-Za-z-]+$/
const DIGITS = /^\d+$/

export function parseSemver2(v: string, opts: Semver2Options): Semver2 | undefined {
  const plus = v.indexOf('+')
  const main = plus === -1 ? v : v.slice(0, plus)
  const build = plus === -1 ? [] : v.slice(plus + 1).split('.')
  const dash = main.indexOf('-')
  const core = (dash === -1 ? main : main.slice(0, dash)).split('.')
  const pre = dash === -1 ? [] : main.slice(dash + 1).split('.')
  const [min, max] = opts.parts
  if (core.length < min || core.length > max) return undefined
  if (!core.every((n) => DIGITS.test(n) && (opts.leadingZeros || !hasLeadingZero(n)))) return undefined
  if (!pre.every((id) => IDENT.test(id) && !(DIGITS.test(id) && hasLeadingZero(id)))) return undefined
  if (!build.every((id) => IDENT.test(id))) return undefined
  return { core, pre, build }
}

function hasLeadingZero(n: string): boolean {
  return n.length > 1 && n.startsWith('0')
}

/** SemVer precedence; `foldCase` compares alphanumeric identifiers case-insensitively (NuGet). */
export function compareSemver2(a: Semver2, b: Semver2, foldCase = false): number {
  return compareNumbers(a.core, b.core) || comparePrerelease(a.pre, b.pre, foldCase)
}

/** Pre-release lists alone: an empty one (a release) above every other. */
export function comparePrerelease(a: readonly string[], b: readonly string[], foldCase = false): number {
  if (a.length === 0 || b.length === 0) return b.length - a.length // the release is above its pre-releases
  return compareIdentifiers(a, b, 'below', foldCase)
}
