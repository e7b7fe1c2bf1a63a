// Builds a VersionScheme from an ecosystem's parser and its comparison of parsed versions: versions the parser
// rejects sort below every valid one, in natural order among themselves, so the order stays total on mixed lists.
// Parses are memoised (bounded), since sorting and range walks compare the same strings many times.
import { naturalCompare } from './natural-scheme.ts'
import type { VersionScheme } from './types.ts'

export interface SchemeSpec<T> {
  name: string
  ranges?: VersionScheme['ranges']
  /** The parsed version, or undefined when the string is not a version of this ecosystem. */
  parse(v: string): T | undefined
  compare(a: T, b: T): number
  isPrerelease(p: T): boolean
}

const MEMO_LIMIT = 50_000

export function parsedScheme<T>(spec: SchemeSpec<T>): VersionScheme {
  const memo = new Map<string, T | null>()
  const parse = (v: string): T | undefined => {
    let p = memo.get(v)
    if (p === undefined) {
      if (memo.size >= MEMO_LIMIT) memo.clear()
      p = spec.parse(v) ?? null
      memo.set(v, p)
    }
    return p ?? undefined
  }
  return {
    name: spec.name,
    ranges: spec.ranges ?? 'comparators',
    isValid: (v) => parse(v) !== undefined,
    compare(a, b) {
      const x = parse(a)
      const y = parse(b)
      if (x !== undefined && y !== undefined) return spec.compare(x, y)
      if (x !== undefined) return 1
      if (y !== undefined) return -1
      return naturalCompare(a, b)
    },
    isPrerelease(v) {
      const p = parse(v)
      return p !== undefined && spec.isPrerelease(p)
    },
  }
}
