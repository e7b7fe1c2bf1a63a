// Comparisons of version parts that several schemes share.

/** Compares runs of digits as numbers of any size ("010" = "10" < "9000000000000000000001"). */
export function compareDigits(p: string, q: string): number {
  const a = p.replace(/^0+(?=\d)/, '')
  const b = q.replace(/^0+(?=\d)/, '')
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0
}

/** Dotted numbers compared part by part, the shorter padded with zeros (1.2 = 1.2.0 < 1.10). */
export function compareNumbers(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = compareDigits(a[i] ?? '0', b[i] ?? '0')
    if (d !== 0) return d
  }
  return 0
}

/** Plain code-unit order, for identifiers that have no numeric meaning. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Lists of identifiers, element by element: two runs of digits as numbers, two texts in code-unit order (`fold`:
 * ignoring letter case), a number below (`numbers: 'below'`) or above a text; a list that begins the other is lower.
 */
export function compareIdentifiers(
  a: readonly string[],
  b: readonly string[],
  numbers: 'below' | 'above',
  fold = false,
): number {
  const low = numbers === 'below' ? -1 : 1
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string
    const y = b[i] as string
    const xn = DIGITS.test(x)
    const yn = DIGITS.test(y)
    let d: number
    if (xn && yn) d = compareDigits(x, y)
    else if (xn !== yn) d = xn ? low : -low
    else d = fold ? compareText(x.toLowerCase(), y.toLowerCase()) : compareText(x, y)
    if (d !== 0) return d
  }
  return a.length - b.length
}

const DIGITS = /^\d+$/
