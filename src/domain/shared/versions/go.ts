// Go module versions (go.dev/ref/mod#versions): semantic versions with a leading `v`. `+incompatible` is build
// metadata and plays no part in precedence. Pseudo-versions (v0.0.0-20191109021931-daa7c04131f5,
// v1.2.4-0.2019…-…, v1.2.4-pre.0.2019…-…) are SemVer pre-releases, so they sort after the version they build on
// and before the next release, by commit time. As Go's own comparison does, `v1` and `v1.2` stand for v1.0.0 and
// v1.2.0. OSV's Go records write versions without the `v`, purls with it: both are accepted and equal.
import { parsedScheme } from './parsed-scheme.ts'
import { compareSemver2, parseSemver2, type Semver2 } from './semver2.ts'

function parseGoVersion(v: string): Semver2 | undefined {
  const s = v.startsWith('v') ? v.slice(1) : v
  const full = parseSemver2(s, { parts: [3, 3] })
  if (full) return full
  const short = parseSemver2(s, { parts: [1, 2] }) // shorthands carry no pre-release or build
  return short && short.pre.length === 0 && short.build.length === 0 ? short : undefined
}

export const goScheme = parsedScheme({
  name: 'go',
  ranges: 'semver',
  parse: parseGoVersion,
  compare: (a, b) => compareSemver2(a, b),
  isPrerelease: (p) => p.pre.length > 0,
})
