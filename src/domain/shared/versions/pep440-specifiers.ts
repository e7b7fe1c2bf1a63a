// PEP 440 version specifiers (packaging.python.org/en/latest/specifications/version-specifiers, "Version
// specifiers"): comma-joined clauses, each `~=`, `==`, `!=`, `<=`, `>=`, `<`, `>` or `===` and a version; `==` and
// `!=` take a prefix (`==1.4.*`: epoch and release only); the inclusive operators ignore a candidate's local label
// unless the clause names one; `<V` admits no pre-release of V unless V is one, `>V` no post-release or local
// version of V unless V is a post-release. Pre-releases (dev releases included) are admitted only when a clause
// names one or no final release matches ("Handling of pre-releases"). A requirement as scanoss-py writes it before
// stripping the name (`requests>=2.0`, `flask[async] (>=2)`, `x==1; python_version<"3.8"`) is read without its
// name, extras and environment marker, and a clause without an operator is `==`.
import { compareDigits } from './compare-parts.ts'
import { comparePep440, isPep440Prerelease, type Pep440, parsePep440 } from './pep440-version.ts'
import type { OwnRange, RangeSyntax } from './types.ts'

type Op = '~=' | '==' | '!=' | '<=' | '>=' | '<' | '>' | '==='

interface Clause {
  op: Op
  /** The version as written (for `===`, the arbitrary string). */
  text: string
  /** The parsed version (`undefined` only for an `===` string that is no PEP 440 version). */
  v: Pep440 | undefined
  /** `==V.*` / `!=V.*`: V is a prefix. */
  prefix: boolean
}

const CLAUSE = /^(~=|===|==|!=|<=|>=|<|>)?\s*(\S+)$/
/** A PEP 508 name (and extras) before the specifier: the form scanoss-py strips, kept by other clients. */
const NAME_PREFIX = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?\s*(?:\[[^\]]*\]\s*(?=[(<>=!~]|$)|(?=[(<>=!~]))/
const RELEASE_PREFIX = /^(?:\d+!)?\d+(?:\.\d+)*$/

function parseClause(part: string): Clause | undefined {
  const m = CLAUSE.exec(part.trim())
  if (!m) return undefined
  const op = (m[1] ?? '==') as Op
  const text = m[2] as string
  if (op === '===') return { op, text, v: parsePep440(text), prefix: false }
  const prefix = (op === '==' || op === '!=') && text.endsWith('.*')
  const written = prefix ? text.slice(0, -2) : text
  const v = parsePep440(written)
  if (!v) return undefined
  if (prefix && !RELEASE_PREFIX.test(written.replace(/^v/i, ''))) return undefined // a prefix is [N!]N(.N)*
  if (v.local && op !== '==' && op !== '!=') return undefined // only the (in)equality operators take a local label
  if (op === '~=' && v.release.length < 2) return undefined // `~=1` is not allowed
  return { op, text, v, prefix }
}

/** The clauses of a specifier, or undefined when it is not one. */
export function parsePep440Specifier(input: string): Clause[] | undefined {
  let s = input.split(';')[0]?.trim() ?? ''
  s = s.replace(NAME_PREFIX, '').trim()
  if (s.startsWith('(') && s.endsWith(')')) s = s.slice(1, -1).trim()
  if (s === '') return []
  const clauses: Clause[] = []
  for (const part of s.split(',')) {
    const c = parseClause(part)
    if (!c) return undefined
    clauses.push(c)
  }
  return clauses
}

const sameRelease = (a: Pep440, b: Pep440) =>
  compareDigits(a.epoch, b.epoch) === 0 && comparePep440(release(a), release(b)) === 0
const release = (p: Pep440): Pep440 => ({ epoch: p.epoch, release: p.release })
const publicOf = (p: Pep440): Pep440 => (p.local ? { ...p, local: undefined } : p)

/** Whether `p` begins with the epoch and release numbers of `prefix` (`p`'s release padded with zeros). */
function hasPrefix(p: Pep440, prefix: Pep440, length = prefix.release.length): boolean {
  if (compareDigits(p.epoch, prefix.epoch) !== 0) return false
  for (let i = 0; i < length; i++)
    if (compareDigits(p.release[i] ?? '0', prefix.release[i] as string) !== 0) return false
  return true
}

function equal(p: Pep440, c: Clause, spec: Pep440): boolean {
  if (c.prefix) return hasPrefix(p, spec)
  return comparePep440(spec.local ? p : publicOf(p), spec) === 0
}

function holds(c: Clause, raw: string, p: Pep440 | undefined): boolean {
  if (c.op === '===') return raw.trim().toLowerCase() === c.text.toLowerCase()
  const spec = c.v
  if (!p || !spec) return false
  switch (c.op) {
    case '==':
      return equal(p, c, spec)
    case '!=':
      return !equal(p, c, spec)
    case '~=':
      return comparePep440(publicOf(p), spec) >= 0 && hasPrefix(p, spec, spec.release.length - 1)
    case '<=':
      return comparePep440(publicOf(p), spec) <= 0
    case '>=':
      return comparePep440(publicOf(p), spec) >= 0
    case '<':
      return comparePep440(p, spec) < 0 && (isPep440Prerelease(spec) || !isPep440Prerelease(p) || !sameRelease(p, spec))
    case '>':
      return (
        comparePep440(p, spec) > 0 &&
        (spec.post !== undefined || p.post === undefined || !sameRelease(p, spec)) &&
        (p.local === undefined || !sameRelease(p, spec))
      )
  }
}

/**
 * Whether `version` meets one clause (`>=3.8`), pre-releases included, as a PEP 508 environment marker compares a
 * version (packaging's `Specifier.contains(v, prereleases=True)`); undefined when the clause is not a specifier.
 */
export function clauseHolds(clause: string, version: string): boolean | undefined {
  const c = parseClause(clause)
  return c && holds(c, version, parsePep440(version))
}

/** packaging's `Specifier.prereleases`: an inclusive or ordered clause whose version is a pre-release. */
const namesPrerelease = (c: Clause) => c.op !== '!=' && !c.prefix && c.v !== undefined && isPep440Prerelease(c.v)

function specifierRange(clauses: readonly Clause[]): OwnRange {
  const pre = clauses.some(namesPrerelease)
  return {
    admit(versions) {
      const matching: (typeof versions)[number][] = []
      const finals: (typeof versions)[number][] = []
      for (const x of versions) {
        const p = parsePep440(x.version)
        if (!clauses.every((c) => holds(c, x.version, p))) continue
        matching.push(x)
        if (!p || !isPep440Prerelease(p)) finals.push(x)
      }
      return pre || finals.length === 0 ? matching : finals
    },
  }
}

export const pep440Specifiers: RangeSyntax = {
  name: 'pep440',
  parse(text) {
    const clauses = parsePep440Specifier(text)
    if (!clauses) return undefined
    const [only] = clauses
    if (clauses.length === 1 && only?.op === '==' && !only.prefix) return { exact: only.text }
    return { range: specifierRange(clauses) }
  },
}
