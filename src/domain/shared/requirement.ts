// The `requirement` grammar and resolver (docs/requirements.md): which known
// version of a component a purl + requirement names.
import semver from 'semver'
import { DomainError, type Outcome, SUCCESS } from './outcome.ts'
import { type Purl, parsePurl, splitVersion } from './purl.ts'
import { schemeFor, type VersionScheme } from './versions/index.ts'
import type { OwnRange } from './versions/types.ts'

type Comparator = { op: '>=' | '<=' | '>' | '<' | '='; version: string }
export type Requirement =
  | { kind: 'any' }
  | { kind: 'exact'; version: string }
  | { kind: 'range'; raw: string; range: semver.Range }
  | { kind: 'comparators'; raw: string; anyOf: Comparator[][] }
  /** The ecosystem's own syntax (PEP 440 specifiers, Cargo requirements), matched by its scheme. */
  | { kind: 'ecosystem'; raw: string; range: OwnRange }

export const MAX_REQUIREMENT_LENGTH = 256
const ANY = new Set(['', '*', 'x', 'X', 'latest'])
const OPERATORS = /[<>=^~|\s,]/
const COMPARATOR_OPERATORS = /[<>=^|\s,]/

/** Parses a requirement for a version scheme; throws DomainError INVALID_SEMVER when it is not a constraint. */
export function parseRequirement(input: string, scheme: VersionScheme): Requirement {
  const trimmed = input.trim()
  // scanoss-py sends the whole purl as the requirement when none was given; npm `file:` deps have no version.
  if (ANY.has(trimmed) || trimmed.startsWith('pkg:') || trimmed.startsWith('file:')) return { kind: 'any' }
  const req = withoutPurlTail(trimmed)
  if (ANY.has(req)) return { kind: 'any' }
  if (req.length > MAX_REQUIREMENT_LENGTH) throw invalid(`${req.slice(0, 40)}…`)
  if (typeof scheme.ranges === 'object') {
    const parsed = scheme.ranges.parse(req)
    if (!parsed) throw invalid(req)
    return 'exact' in parsed
      ? { kind: 'exact', version: parsed.exact }
      : { kind: 'ecosystem', raw: req, range: parsed.range }
  }
  const bare = req.replace(/^==?\s*/, '')
  if (scheme.ranges === 'semver') {
    if (!OPERATORS.test(bare) && scheme.isValid(bare)) return { kind: 'exact', version: bare }
    const normalised = req.replace(/\s*,\s*/g, ' ').replace(/(^|\s|\|\|)==/g, '$1=')
    const range = tryRange(normalised)
    if (range) return { kind: 'range', raw: req, range }
    throw invalid(req)
  }
  // '~' inside a version is no operator: Debian versions hold it (1.0~rc1, 3.0.17-1~deb12u2); a leading one is semver's
  if (!COMPARATOR_OPERATORS.test(bare) && !bare.startsWith('~')) return { kind: 'exact', version: bare }
  // an operator may stand apart from its version (`>= 2.34`, as Debian writes relations)
  const anyOf = req
    .replace(/(>=|<=|==?|>|<)\s+/g, '$1')
    .split('||')
    .map((group) =>
      group
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((part) => {
          const m = /^(>=|<=|>|<|==?)?\s*([^<>=^~\s][^<>=^\s]*)$/.exec(part)
          if (!m) throw invalid(req)
          return { op: (m[1] === '==' ? '=' : (m[1] ?? '=')) as Comparator['op'], version: m[2] as string }
        }),
    )
  if (anyOf.some((g) => g.length === 0)) throw invalid(req)
  return { kind: 'comparators', raw: req, anyOf }
}

/**
 * A requirement cut from a purl at its `@` keeps the purl's qualifiers and subpath (scanoss-py sends
 * `3.0.17-1~deb12u2?arch=amd64` for `pkg:deb/debian/openssl@3.0.17-1~deb12u2?arch=amd64`); no version or range
 * holds `?` or `#`, so they end the requirement.
 */
function withoutPurlTail(req: string): string {
  const end = req.search(/[?#]/)
  return end === -1 ? req : req.slice(0, end).trim()
}

export function tryParseRequirement(input: string, scheme: VersionScheme): Requirement | undefined {
  try {
    return parseRequirement(input, scheme)
  } catch {
    return undefined
  }
}

function tryRange(r: string): semver.Range | undefined {
  try {
    return new semver.Range(r, { loose: true })
  } catch {
    return undefined
  }
}

function invalid(req: string): DomainError {
  return new DomainError('INVALID_SEMVER', `Invalid semver ${req}`)
}

export interface Resolution<T> {
  outcome: Outcome
  /** The purl without its @version, as given (qualifiers, subpath and %40 kept). */
  purl: string
  parsed?: Purl
  /** The requirement in force: the purl's @version when it has one, else the requested one. */
  requirement: string
  /** The chosen version, '' when none. */
  version: string
  chosen?: T
  /** The purl and requirement exactly as the request sent them (`''` for none): what answers echo. */
  sent: { purl: string; requirement: string }
}

/**
 * Resolves purl + requirement against the versions the KB knows (`undefined`: the component is not known).
 * A purl @version overrides the requirement; no requirement → the highest version, pre-releases included (as the
 * reference does); a range → the highest satisfying version, pre-releases only when the range names one.
 */
export function resolveVersion<T extends { version: string }>(
  input: { purl: string; requirement?: string | undefined },
  known: readonly T[] | undefined,
  scheme?: VersionScheme,
  /** The purl without its @version, when the caller has parsed it already. */
  alreadyParsed?: Purl,
  /**
   * A requirement that is exactly a known version's string names that version, whatever the ecosystem's syntax makes
   * of it: the API's requests, where the SCANOSS clients send a component's version as its `requirement` (a bare
   * `1.0.5` is `^1.0.5` to Cargo). Not in the transitive walk, which reads requirements as the ecosystem does.
   */
  knownVersionIsExact = false,
): Resolution<T> {
  const { purl, version: inPurl } = splitVersion(input.purl ?? '')
  const requirement = inPurl ?? input.requirement ?? ''
  const sent = { purl: input.purl ?? '', requirement: input.requirement ?? '' }
  let parsed: Purl
  try {
    parsed = alreadyParsed ?? parsePurl(purl)
  } catch (err) {
    return { outcome: (err as DomainError).outcome, purl, requirement, version: '', sent }
  }
  const base = { purl, parsed, requirement, sent }
  if (known === undefined)
    return { ...base, outcome: { code: 'COMPONENT_NOT_FOUND', message: 'Component not found' }, version: '' }
  const s = scheme ?? schemeFor(parsed.type)
  let req: Requirement
  try {
    req = inPurl !== undefined ? { kind: 'exact', version: inPurl } : parseRequirement(requirement, s)
  } catch (err) {
    return { ...base, outcome: (err as DomainError).outcome, version: '' }
  }
  if (knownVersionIsExact && req.kind === 'ecosystem') {
    const raw = req.raw
    if (known.some((k) => k.version === raw)) req = { kind: 'exact', version: raw }
  }
  const matching = admitted(req, known, s)
  // only an exact request may get an unpublished (removed) version
  const published = matching.filter((k) => (k as { status?: string }).status !== 'removed')
  const candidates = req.kind === 'exact' || published.length === 0 ? matching : published
  const chosen = candidates.reduce<T | undefined>(
    (best, k) => (!best || s.compare(k.version, best.version) > 0 ? k : best),
    undefined,
  )
  if (!chosen)
    return { ...base, outcome: { code: 'VERSION_NOT_FOUND', message: 'Component version not found' }, version: '' }
  return { ...base, outcome: SUCCESS, version: chosen.version, chosen }
}

/** The versions of `known` that a parsed requirement admits, in their given order. */
export function admitted<T extends { version: string }>(req: Requirement, known: readonly T[], s: VersionScheme): T[] {
  return req.kind === 'ecosystem' ? req.range.admit(known) : known.filter((k) => matches(req, k.version, s))
}

function matches(req: Exclude<Requirement, { kind: 'ecosystem' }>, v: string, s: VersionScheme): boolean {
  switch (req.kind) {
    case 'any':
      return true
    case 'exact':
      return v === req.version || toggleV(v) === req.version || s.compare(v, req.version) === 0
    case 'range':
      return (
        semver.valid(v, { loose: true }) !== null && req.range.test(semver.parse(v, { loose: true }) as semver.SemVer)
      )
    case 'comparators':
      return req.anyOf.some((group) => group.every((c) => holds(s.compare(v, c.version), c.op)))
  }
}

function holds(cmp: number, op: Comparator['op']): boolean {
  return op === '=' ? cmp === 0 : op === '>' ? cmp > 0 : op === '>=' ? cmp >= 0 : op === '<' ? cmp < 0 : cmp <= 0
}

/** v1.2.3 ⇄ 1.2.3 (go-models version_helper): an exact version matches its twin. */
export function toggleV(v: string): string {
  return v.startsWith('v') ? v.slice(1) : `v${v}`
}
