// Debian package versions, Debian Policy §5.6.12: [epoch:]upstream_version[-debian_revision], compared as dpkg
// compares them. The epoch (digits before the first `:`, default 0) is compared as a number; then the upstream
// version and the revision (after the last `-`; absent = empty, which compares equal to `0`), each by alternating
// runs: a run of non-digits compared character by character, where `~` sorts before everything (even the end of
// the run), then the end of the run, then letters (ASCII), then every other character (ASCII); then a run of
// digits compared as a whole number of any size (an empty run = 0). So `1.0~rc1` < `1.0` < `1.0a` < `1.0+dfsg` <
// `1.0.1`, `1.0` = `1.0-0` = `0:1.0`, `1:0.1` > `9.9`.
//
// Valid = what `dpkg --compare-versions` accepts without an error (it only warns about an upstream version that
// does not start with a digit, and about characters Policy does not allow, and orders those strings anyway):
// spaces and tabs around the version are ignored; invalid are an empty string, a space or tab inside, an epoch that
// is not an integer from 0 to 2147483647 (dpkg's C int; a sign is allowed: `+1`, `-0`), nothing after the epoch's
// colon, an empty upstream version or an empty revision (`1.0-`). One departure: strings with non-ASCII characters
// are invalid here, because dpkg orders their bytes by the C `char` of the machine (signed on amd64, unsigned on
// arm64), so differently from one machine to another.
//
// A pre-release is an upstream version with a `~` (`1.0~rc1-1`, `2.0~git20240101-2`): Debian's spelling of a
// version before a release. A `~` only in the revision (`1.0-1~bpo12+1`, `1.0-2~deb12u1`) marks a backport or a
// rebuild for an older suite, not a pre-release.
import { compareDigits } from './compare-parts.ts'
import { parsedScheme } from './parsed-scheme.ts'

interface Debian {
  /** The epoch's digits without leading zeros ('0' when absent). */
  epoch: string
  upstream: string
  revision: string
}

const EPOCH = /^([+-]?)0*(\d+)$/
const INT_MAX = '2147483647'

function parseDebian(v: string): Debian | undefined {
  const s = v.replace(/^[ \t]+|[ \t]+$/g, '')
  if (s === '' || /[ \t]/.test(s) || /[\u0080-\uffff]/.test(s)) return undefined
  const colon = s.indexOf(':')
  let epoch = '0'
  if (colon >= 0) {
    const m = EPOCH.exec(s.slice(0, colon))
    if (!m) return undefined
    epoch = m[2] as string
    if ((m[1] === '-' && epoch !== '0') || compareDigits(epoch, INT_MAX) > 0) return undefined
  }
  const rest = s.slice(colon + 1)
  const hyphen = rest.lastIndexOf('-')
  const upstream = hyphen < 0 ? rest : rest.slice(0, hyphen)
  const revision = hyphen < 0 ? '' : rest.slice(hyphen + 1)
  if (upstream === '' || (hyphen >= 0 && revision === '')) return undefined
  return { epoch, upstream, revision }
}

/** Where a character of a non-digit run sorts: `~` first, then the end of the run (0), letters, other characters. */
function weight(s: string, i: number): number {
  if (i >= s.length) return 0
  const c = s.charCodeAt(i)
  if (c === 0x7e) return -1
  if (c >= 0x30 && c <= 0x39) return 0
  if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) return c
  return c + 256
}

const isDigit = (s: string, i: number) => {
  const c = s.charCodeAt(i)
  return c >= 0x30 && c <= 0x39
}

/** Policy's comparison of two upstream versions or two revisions. */
function comparePart(a: string, b: string): number {
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    while ((i < a.length && !isDigit(a, i)) || (j < b.length && !isDigit(b, j))) {
      const d = weight(a, i) - weight(b, j)
      if (d !== 0) return d
      i++
      j++
    }
    const x = i
    while (i < a.length && isDigit(a, i)) i++
    const y = j
    while (j < b.length && isDigit(b, j)) j++
    const d = compareDigits(a.slice(x, i) || '0', b.slice(y, j) || '0')
    if (d !== 0) return d
  }
  return 0
}

export const debianScheme = parsedScheme<Debian>({
  name: 'debian',
  parse: parseDebian,
  compare: (a, b) =>
    compareDigits(a.epoch, b.epoch) || comparePart(a.upstream, b.upstream) || comparePart(a.revision, b.revision),
  isPrerelease: (p) => p.upstream.includes('~'),
})
