// A Debian golang-*-dev package's version as the upstream Go module version it packages (docs/golang.md "Versions"):
// the epoch, the Debian revision and the repack suffixes (+dfsg, +ds, +repack) dropped, `~` (Debian's pre-release
// mark) as SemVer's `-`, a `v` in front; a major version of 2 or more needs the module path's `/vN` (or gopkg.in's
// `.vN`) suffix, and a module path without it takes `+incompatible` only when the module has no go.mod (the go command
// refuses such a version of a module with one). Debian's snapshots of untagged commits (`0.0~git20230101.abcdef1`)
// become a pseudo-version (v0.0.0-20230101123456-abcdef123456) when Debian's version carries the commit's full time
// (14 digits, UTC) and a 12-character hash, or when a pseudo-version asked of the module names that commit (its time
// starts with the snapshot's date, its hash with the snapshot's, its base agrees: the commit is identified, and the
// asked version is its Go version); otherwise the version is a Debian snapshot, and no Go version is made up.
import { schemeFor } from '../../domain/shared/versions/index.ts'
import { splitMajor } from './proxy/module-path.ts'

export type GoVersionOf =
  | { kind: 'release' | 'pseudo'; version: string }
  | { kind: 'snapshot'; why: string }
  | { kind: 'unmapped'; why: string }

const go = schemeFor('golang')
const REPACK = /[+~](?:dfsg|ds|repack)\d*(?=$|[+~])/g
/** `<base>(~|+)git<date>[.<count>].<hash>` (or `-<hash>`, or no hash), `<base>` a version or `0.0` (bookworm's forms). */
const SNAPSHOT = /^(\d+(?:\.\d+){0,2})([~+])(?:git|bzr|hg|svn)(\d{8,14})(?:[.-](?:\d+\.)?g?([0-9a-f]{7,40}))?$/

/** The major version a module path allows: /vN → N, gopkg.in's .vN → N, else 0 or 1. */
function pathMajor(module: string): number | undefined {
  const major =
    splitMajor(module)?.major ??
    (module.startsWith('gopkg.in/') ? /\.v(\d+)(?:-unstable)?$/.exec(module)?.[1] : undefined)
  return major === undefined ? undefined : Number(major)
}

/** A Go pseudo-version (go.dev/ref/mod#pseudo-versions): its base part, the commit's time and 12-character hash. */
const PSEUDO = /^(v\d+\.\d+\.\d+-(?:[0-9A-Za-z.-]*\.)?)(\d{14})-([0-9a-f]{12})(?:\+incompatible)?$/

export function goVersionOfDebian(
  debianVersion: string,
  module: string,
  hasGoMod: boolean,
  /** The versions asked of the module (the unit's `asked`): a pseudo-version among them may name a snapshot's commit. */
  asked: readonly string[] = [],
): GoVersionOf {
  const upstream = debianVersion
    .replace(/^\d+:/, '')
    .replace(/-[^-]*$/, '')
    .replace(REPACK, '')
  const snap = SNAPSHOT.exec(upstream)
  if (snap) {
    const [, base, sep, date, hash] = snap as unknown as [string, string, string, string, string | undefined]
    if (date.length !== 14 || hash === undefined || hash.length < 12) {
      const named = hash === undefined ? undefined : askedCommit(asked, base, sep, date, hash, module, hasGoMod)
      if (named) return named
      const pseudos = asked.filter((a) => PSEUDO.test(a))
      return {
        kind: 'snapshot',
        why: `Debian snapshot ${upstream} of an untagged commit: ${date.length !== 14 ? 'the commit date without its time' : 'a short commit hash'}, no Go pseudo-version${pseudos.length > 0 ? ` (${pseudos.slice(0, 3).join(', ')}: another commit)` : ''}`,
      }
    }
    const pseudo = pseudoVersion(base, sep, date, hash.slice(0, 12))
    return pseudo
      ? checkMajor(pseudo, module, hasGoMod, 'pseudo')
      : { kind: 'unmapped', why: `no base version in ${upstream}` }
  }
  const version = `v${upstream.replace(/~/g, '-')}`
  if (!go.isValid(version) || !/^v\d+\.\d+\.\d+/.test(version))
    return { kind: 'unmapped', why: `${upstream} is not a Go module version` }
  return checkMajor(version, module, hasGoMod, 'release')
}

/**
 * go.dev/ref/mod#pseudo-versions: vX.0.0-t-h with no base (`X.0~git`, and Debian's `0.0+git`: no release), and
 * vX.Y.(Z+1)-0.t-h after the release X.Y.Z (`X.Y.Z+git`).
 */
function pseudoVersion(base: string, sep: string, date: string, hash: string): string | undefined {
  const parts = base.split('.').map(Number)
  const [major = 0, minor = 0, patch] = parts
  const noRelease = minor === 0 && (patch ?? 0) === 0 && (sep === '~' || (major === 0 && parts.length < 3))
  if (noRelease) return `v${major}.0.0-${date}-${hash}`
  if (sep === '+' && patch !== undefined) return `v${major}.${minor}.${patch + 1}-0.${date}-${hash}`
  return undefined
}

/**
 * The asked pseudo-version naming a snapshot's commit (its time starting with the snapshot's date, its hash with the
 * snapshot's, the base the snapshot's: pseudoVersion's form; with no release, any major the module path allows), if
 * one does and the module path allows it.
 */
function askedCommit(
  asked: readonly string[],
  ...[base, sep, date, hash, module, hasGoMod]: [string, string, string, string, string, boolean]
): GoVersionOf | undefined {
  for (const a of asked) {
    const m = PSEUDO.exec(a)
    if (!m) continue
    const [, prefix, time, full] = m as unknown as [string, string, string, string]
    if (!time.startsWith(date) || !full.startsWith(hash.slice(0, 12).toLowerCase())) continue
    const expected = pseudoVersion(base, sep, time, full)?.slice(0, -`${time}-${full}`.length)
    // Debian's 0.0 is no release: the major is the module path's (gopkg.in/check.v1's v1.0.0-t-h)
    const agrees = prefix === expected || (expected === 'v0.0.0-' && /^v\d+\.0\.0-$/.test(prefix))
    const v = agrees ? checkMajor(`${prefix}${time}-${full}`, module, hasGoMod, 'pseudo') : undefined
    if (v?.kind === 'pseudo') return v
  }
  return undefined
}

function checkMajor(version: string, module: string, hasGoMod: boolean, kind: 'release' | 'pseudo'): GoVersionOf {
  const major = Number(/^v(\d+)/.exec(version)?.[1])
  const allowed = pathMajor(module)
  if (allowed !== undefined && allowed >= 2 && !module.startsWith('gopkg.in/'))
    return major === allowed ? { kind, version } : { kind: 'unmapped', why: `${version} is not a v${allowed} version` }
  if (module.startsWith('gopkg.in/') && allowed !== undefined)
    return major === allowed || (allowed <= 1 && major <= 1)
      ? { kind, version }
      : { kind: 'unmapped', why: `${version} is not of ${module}` }
  if (major < 2) return { kind, version }
  return hasGoMod
    ? { kind: 'unmapped', why: `${version} needs the module path's /v${major} suffix` }
    : { kind, version: `${version}+incompatible` }
}
