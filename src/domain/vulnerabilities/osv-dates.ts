// OSV timestamps (RFC 3339, with or without fractions) compared as instants.

/** Whether timestamp a is later than b (compared as strings when either does not parse). */
export function isLater(a: string, b: string): boolean {
  const ta = Date.parse(a)
  const tb = Date.parse(b)
  return Number.isNaN(ta) || Number.isNaN(tb) ? a > b : ta > tb
}
