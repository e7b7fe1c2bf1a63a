// RubyGems versions, as Gem::Version defines them (guides.rubygems.org/patterns/#semantic-versioning and the
// Gem::Version documentation): digits, then any number of `.`-separated alphanumeric parts, optionally a
// `-`-separated suffix (which reads as `.pre.` + suffix). A version is split into segments at dots and at each
// switch between digits and letters; any letter makes it a pre-release (1.0.a < 1.0). Segments compare in turn:
// numbers numerically, strings in byte order, a string below a number; missing segments count as 0, so trailing
// zeros do not matter (1.0 = 1), and neither do zeros between the release numbers and the first string
// (1.0.0.a = 1.a), which Gem::Version drops before comparing.
import { compareIdentifiers } from './compare-parts.ts'
import { parsedScheme } from './parsed-scheme.ts'

const PATTERN = /^[0-9]+(?:\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/
const isNumber = (s: string) => /^\d/.test(s)
const isZero = (s: string) => /^0+$/.test(s)

function parseGemVersion(v: string): string[] | undefined {
  const s = v.trim()
  if (!PATTERN.test(s)) return undefined
  const segments = s.replaceAll('-', '.pre.').match(/\d+|[a-z]+/gi) ?? []
  // canonical segments: trailing zeros dropped from the release numbers and from what follows them
  const first = segments.findIndex((x) => !isNumber(x))
  const release = first === -1 ? segments : segments.slice(0, first)
  const rest = first === -1 ? [] : segments.slice(first)
  return [...dropTrailingZeros(release), ...dropTrailingZeros(rest)]
}

function dropTrailingZeros(list: string[]): string[] {
  let end = list.length
  while (end > 0 && isZero(list[end - 1] as string)) end--
  return list.slice(0, end)
}

function compareGemVersions(a: readonly string[], b: readonly string[]): number {
  const n = Math.max(a.length, b.length)
  const pad = (x: readonly string[]) => [...x, ...Array<string>(n - x.length).fill('0')]
  return compareIdentifiers(pad(a), pad(b), 'above')
}

export const rubygemsScheme = parsedScheme({
  name: 'rubygems',
  parse: parseGemVersion,
  compare: compareGemVersions,
  isPrerelease: (segments) => segments.some((x) => !isNumber(x)),
})
