// Maven versions, as the POM reference's "Version Order Specification" describes ComparableVersion
// (maven.apache.org/pom.html#version-order-specification):
// - the version is split into tokens at `.`, at `-` and at each switch between digits and other characters (which
//   counts as `-`); each token keeps the separator before it, and an empty token is `0`;
// - `a`, `b`, `m` directly followed by a digit mean alpha, beta, milestone; `cr` is `rc`; `ga`, `final` and
//   `release` are the empty qualifier; letter case is ignored;
// - trailing "null" tokens (0 and the empty qualifier) are dropped from the end of every `-`-separated part
//   (1.0.0 = 1, 1.0-1 = 1-1, 1-ga-1 = 1-1), a qualifier ending the version counting as `-`-separated (2.0.a = 2-a);
// - tokens compare in turn, the shorter version padded with nulls of the other's kind and separator: numbers
//   numerically; qualifiers alpha < beta < milestone < rc < snapshot < "" < sp < any other (alphabetically); and
//   across kinds, `.qualifier` = `-qualifier` < `-number` < `.number`.
// maven.test.ts checks it against the cases of Maven's own ComparableVersionTest.
import { compareDigits, compareText } from './compare-parts.ts'
import { parsedScheme } from './parsed-scheme.ts'

interface MavenToken {
  sep: '.' | '-'
  /** Digits for a number, else the (lower-case, aliased) qualifier. */
  value: string
  number: boolean
}

const KNOWN = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp']
const ALIASES = new Map([
  ['cr', 'rc'],
  ['ga', ''],
  ['final', ''],
  ['release', ''],
])
const SHORT = new Map([
  ['a', 'alpha'],
  ['b', 'beta'],
  ['m', 'milestone'],
])

function parseMaven(v: string): MavenToken[] | undefined {
  const s = v.trim().toLowerCase()
  if (s === '' || /\s/.test(s)) return undefined
  const tokens: MavenToken[] = []
  let sep: '.' | '-' = '.' // the separator before the token being read
  let text = ''
  const close = (next: '.' | '-', digitFollows: boolean) => {
    tokens.push(token(text, sep, digitFollows))
    sep = next
    text = ''
  }
  for (const ch of s) {
    const digit = ch >= '0' && ch <= '9'
    if (ch === '.' || ch === '-') close(ch, false)
    else if (text !== '' && digit !== /\d/.test(text.charAt(0))) close('-', digit)
    if (ch !== '.' && ch !== '-') text += ch
  }
  close('.', false)
  // Maven reads a qualifier that ends the version after a `.` as `-qualifier` (2.0.a sorts as 2-a, below 2-1)
  const last = tokens.at(-1) as MavenToken
  if (tokens.length > 1 && !last.number) last.sep = '-'
  return trimNulls(tokens)
}

function token(text: string, sep: '.' | '-', digitFollows: boolean): MavenToken {
  if (text === '') return { sep, value: '0', number: true }
  if (/^\d/.test(text)) return { sep, value: text, number: true }
  const word = (digitFollows && SHORT.get(text)) || text
  return { sep, value: ALIASES.get(word) ?? word, number: false }
}

/** Drops the trailing nulls of every `-`-separated part. */
function trimNulls(tokens: MavenToken[]): MavenToken[] {
  const parts: MavenToken[][] = []
  for (const t of tokens) {
    if (t.sep === '-' || parts.length === 0) parts.push([])
    parts.at(-1)?.push(t)
  }
  for (const part of parts) while (part.length > 0 && isNull(part.at(-1) as MavenToken)) part.pop()
  return parts.flat()
}

function isNull(t: MavenToken): boolean {
  return t.number ? /^0+$/.test(t.value) : t.value === ''
}

function compareMaven(a: readonly MavenToken[], b: readonly MavenToken[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? nullLike(b[i] as MavenToken)
    const y = b[i] ?? nullLike(a[i] as MavenToken)
    const d = kind(x) - kind(y) || (x.number ? compareDigits(x.value, y.value) : compareQualifiers(x.value, y.value))
    if (d !== 0) return d
  }
  return 0
}

/** The padding that stands for a missing token: a null of the other token's kind and separator. */
function nullLike(t: MavenToken): MavenToken {
  return { sep: t.sep, value: t.number ? '0' : '', number: t.number }
}

/** qualifier < `-`number < `.`number */
function kind(t: MavenToken): number {
  return t.number ? (t.sep === '-' ? 1 : 2) : 0
}

function compareQualifiers(p: string, q: string): number {
  const i = KNOWN.indexOf(p)
  const j = KNOWN.indexOf(q)
  if (i !== -1 || j !== -1) return (i === -1 ? KNOWN.length : i) - (j === -1 ? KNOWN.length : j)
  return compareText(p, q)
}

const RELEASE = KNOWN.indexOf('')

export const mavenScheme = parsedScheme({
  name: 'maven',
  parse: parseMaven,
  compare: compareMaven,
  isPrerelease: (tokens) =>
    tokens.some((t) => !t.number && KNOWN.indexOf(t.value) !== -1 && KNOWN.indexOf(t.value) < RELEASE),
})
