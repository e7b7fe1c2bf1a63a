// A Debian golang-*-dev package's version as the upstream Go module version it packages (docs/golang.md "Versions"):
// the epoch, the Debian revision and the repack suffixes (+dfsg, +ds, +repack) dropped, `~` (Debian's pre-release
// mark) as SemVer's `-`, a `v` in front; a major version of 2 or more needs the module path's `/vN` (or gopkg.in's
// `.vN`) suffix, and a module path without it takes `+incompatible` only when the module has no go.mod (the go command
// refuses such a version of a module with one). Debian's snapshots of untagged commits (`0.0~git20230101.abcdef1`)
// become a pseudo-version (v0.0.0-20230101123456-abcdef123456) only when Debian's version carries the commit's full
// time (14 digits, UTC) and a 12-character hash; otherwise the version is a Debian snapshot, and no Go version is made up.
import { schemeFor } from '../../domain/shared/versions/index.ts'

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
  const suffix =
    /\/v(\d+)$/.exec(module) ?? (module.startsWith('gopkg.in/') ? /\.v(\d+)(?:-unstable)?$/.exec(module) : null)
  return suffix ? Number(suffix[1]) : undefined
}

export function goVersionOfDebian(debianVersion: string, module: string, hasGoMod: boolean): GoVersionOf {
  const upstream = debianVersion
    .replace(/^\d+:/, '')
    .replace(/-[^-]*$/, '')
    .replace(REPACK, '')
  const snap = SNAPSHOT.exec(upstream)
  if (snap) {
    const [, base, sep, date, hash] = snap as unknown as [string, string, string, string, string | undefined]
    if (date.length !== 14 || hash === undefined || hash.length < 12)
      return {
        kind: 'snapshot',
        why: `Debian snapshot ${upstream} of an untagged commit: ${date.length !== 14 ? 'the commit date without its time' : 'a short commit hash'}, no Go pseudo-version`,
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

/** go.dev/ref/mod#pseudo-versions: vX.0.0-t-h with no base (0.0~git), vX.Y.(Z+1)-0.t-h after a release (+git). */
function pseudoVersion(base: string, sep: string, date: string, hash: string): string | undefined {
  const [major = 0, minor = 0, patch] = base.split('.').map(Number)
  if (sep === '~' && minor === 0 && (patch ?? 0) === 0) return `v${major}.0.0-${date}-${hash}`
  if (sep === '+' && patch !== undefined) return `v${major}.${minor}.${patch + 1}-0.${date}-${hash}`
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
