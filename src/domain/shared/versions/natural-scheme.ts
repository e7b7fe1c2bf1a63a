// The fallback order for versions that are not semver: natural sort. Runs of digits compare as numbers, other
// runs as text (case-insensitively first, then by code point), so 1.9 < 1.10 and r9 < r10. A version that
// extends another with a separator and letters ("2.0-rc1") sorts before the bare one ("2.0"), as pre-releases do;
// one that extends it with digits ("2.0.1") sorts after.
import { compareDigits } from './compare-parts.ts'
import type { VersionScheme } from './types.ts'

const TOKENS = /\d+|[^\d]+/g
const PRE = /^[-_.~]?(alpha|beta|pre|preview|rc|dev|snapshot|m|a|b|c)/i

export function naturalCompare(a: string, b: string): number {
  const x = a.match(TOKENS) ?? []
  const y = b.match(TOKENS) ?? []
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as string
    const q = y[i] as string
    const pn = /^\d/.test(p)
    const qn = /^\d/.test(q)
    if (pn && qn) {
      const d = compareDigits(p, q)
      if (d !== 0) return d
    } else if (pn !== qn) {
      return pn ? 1 : -1
    } else if (p !== q) {
      const l = p.toLowerCase().localeCompare(q.toLowerCase(), 'en')
      return l !== 0 ? l : p < q ? -1 : 1
    }
  }
  if (x.length === y.length) return 0
  // One is a prefix of the other: a pre-release-like suffix sorts first, any other suffix after.
  const longer = x.length > y.length ? x : y
  const suffix = longer.slice(Math.min(x.length, y.length)).join('')
  const sign = PRE.test(suffix) ? -1 : 1
  return x.length > y.length ? sign : -sign
}

export const naturalScheme: VersionScheme = {
  name: 'natural',
  ranges: 'comparators',
  isValid: (v) => v.length > 0,
  compare: naturalCompare,
  isPrerelease: (v) => /\d[-_.~]?(alpha|beta|pre|preview|rc|dev|snapshot)/i.test(v),
}
