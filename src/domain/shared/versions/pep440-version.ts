// PyPI versions, PEP 440 (the parse and order; the scheme: pep440.ts) (packaging.python.org/en/latest/specifications/version-specifiers):
// [N!]N(.N)*[{a|b|rc}N][.postN][.devN][+local], read with the spec's normalisation rules (any letter case, a
// leading `v`, `-`/`_`/`.` separators, alpha/beta/c/pre/preview spellings, post spelled post/rev/r or as `-N`,
// implicit numbers 0). Order: epoch, then the release numbers with trailing zeros ignored (1.0 = 1.0.0), then
// dev < pre-release < release < post-release at the same release, then the local label (a version without one
// is lower; its segments compare numerically when both are numbers, numbers above text).
import { compareDigits, compareIdentifiers, compareNumbers } from './compare-parts.ts'

export interface Pep440 {
  epoch: string
  release: string[]
  /** Pre-release phase (0 = a, 1 = b, 2 = rc) and number. */
  pre?: [phase: number, n: string]
  post?: string
  dev?: string
  local?: string[]
}

const PATTERN = new RegExp(
  [
    '^v?',
    '(?:(\\d+)!)?', // epoch
    '(\\d+(?:\\.\\d+)*)', // release
    '(?:[-_.]?(alpha|a|beta|b|preview|pre|c|rc)[-_.]?(\\d+)?)?', // pre-release
    '(?:-(\\d+)|[-_.]?(post|rev|r)[-_.]?(\\d+)?)?', // post-release
    '(?:[-_.]?(dev)[-_.]?(\\d+)?)?', // development release
    '(?:\\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?$', // local label
  ].join(''),
)
const PHASES: Record<string, number> = { a: 0, alpha: 0, b: 1, beta: 1, c: 2, rc: 2, pre: 2, preview: 2 }

export function parsePep440(v: string): Pep440 | undefined {
  const m = PATTERN.exec(v.trim().toLowerCase())
  if (!m) return undefined
  const [, epoch, release, preWord, preN, postImplicit, postWord, postN, devWord, devN, local] = m
  const out: Pep440 = { epoch: epoch ?? '0', release: (release as string).split('.') }
  if (preWord) out.pre = [PHASES[preWord] as number, preN ?? '0']
  if (postImplicit !== undefined) out.post = postImplicit
  else if (postWord) out.post = postN ?? '0'
  if (devWord) out.dev = devN ?? '0'
  if (local) out.local = local.split(/[-_.]/)
  return out
}

export function comparePep440(a: Pep440, b: Pep440): number {
  return (
    compareDigits(a.epoch, b.epoch) ||
    compareNumbers(a.release, b.release) ||
    comparePhase(a, b) ||
    compareOptional(a.post, b.post, -1) ||
    compareOptional(a.dev, b.dev, 1) ||
    compareLocal(a.local, b.local)
  )
}

/** Where a version stands at its release: a bare dev release first, then pre-releases by phase, then the rest. */
function comparePhase(a: Pep440, b: Pep440): number {
  const rank = (p: Pep440): [number, string] =>
    p.pre ? p.pre : p.dev !== undefined && p.post === undefined ? [-1, '0'] : [3, '0']
  const [x, m] = rank(a)
  const [y, n] = rank(b)
  return x - y || compareDigits(m, n)
}

/** Two optional numbers; `missing` says whether an absent one sorts below (-1) or above (1) every number. */
function compareOptional(a: string | undefined, b: string | undefined, missing: -1 | 1): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? missing : -missing
  return compareDigits(a, b)
}

function compareLocal(a: string[] | undefined, b: string[] | undefined): number {
  if (!a || !b) return a === b ? 0 : a ? 1 : -1
  return compareIdentifiers(a, b, 'above')
}

/** Whether PEP 440 counts it as a pre-release: an a/b/rc release or a development release. */
export function isPep440Prerelease(p: Pep440): boolean {
  return p.pre !== undefined || p.dev !== undefined
}
