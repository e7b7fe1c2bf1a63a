// Where a component's contributors are, inferred from the UTC offsets of their commits (docs/geoprovenance-origin.md).
//
// Method (docs/geoprovenance-origin.md):
// 1. Each group of commits (one offset, with its month when known) is matched against the IANA zones using that
//    offset at that time (zones.ts): with a month, the zone's real offset during that month, so daylight-saving
//    time is respected; without one (the shipped data set has no dates), the zone's standard or DST offset.
// 2. The candidate countries of an offset are weighted by a developer prior (prior.ts: GitHub Innovation Graph
//    developers per economy, 2024 Q3) times each country's population share in the matching zones.
// 3. An author's distribution is the commit-weighted sum of its groups' candidate distributions, normalised.
//    +0000 is also what CI systems, containers and web editors write, so +0000 groups count a quarter, and an
//    author with nothing but +0000 says nothing (undefined). Bots are ignored.
// 4. The component's distribution is the plain mean over authors, so one prolific author counts once; countries
//    under 0.5% are dropped, and the rest is rounded to hundredths by largest remainder, summing to exactly 100.
import { offsetCountries } from './zones.ts'

/** One author's commits: counts per UTC offset (minutes east of UTC, e.g. -480 for -0800), with the month when known. */
export interface AuthorOffsets {
  bot?: boolean
  commits: { offsetMinutes: number; month?: string /* 'YYYY-MM' */; count: number }[]
}

export interface OriginLocation {
  name: string /* ISO 3166-1 alpha-2 */
  percentage: number
}

/** Weight of a +0000 commit relative to any other: a default of tools as much as a place (see the header). */
const UTC_WEIGHT = 0.25

/** Countries below this share of the component are left out before rounding (they are the prior's long tail). */
const MIN_SHARE = 0.005

/** Parses '+0530' / '-0800' into minutes; undefined if malformed. */
export function parseOffset(text: string): number | undefined {
  // git writes ±hhmm (git-log(1), --date=raw); values such as +0059 occur and are kept: they just fit no zone.
  const m = /^([+-])([01]\d|2[0-3])([0-5]\d)$/.exec(text.trim())
  if (m === null) return undefined
  const minutes = Number(m[2]) * 60 + Number(m[3])
  return m[1] === '-' && minutes !== 0 ? -minutes : minutes
}

/**
 * One author's probability per country (sums to 1), or undefined when the offsets fit no country. Exported for
 * tests. Also undefined for bots and for authors whose only fitting offset is +0000 (a UTC-configured machine is
 * as likely as London in winter).
 */
export function authorCountries(author: AuthorOffsets): Map<string, number> | undefined {
  if (author.bot === true) return undefined
  const sum = new Map<string, number>()
  let localEvidence = false
  for (const { offsetMinutes, month, count } of author.commits) {
    if (!Number.isFinite(count) || count <= 0 || !Number.isInteger(offsetMinutes)) continue
    const candidates = offsetCountries(offsetMinutes, month)
    if (candidates.size === 0) continue
    if (offsetMinutes !== 0) localEvidence = true
    const weight = count * (offsetMinutes === 0 ? UTC_WEIGHT : 1)
    for (const [country, p] of candidates) sum.set(country, (sum.get(country) ?? 0) + weight * p)
  }
  if (!localEvidence) return undefined
  return normalise(sum)
}

/** Country percentages of a component's contributors, 2 decimals, summing to exactly 100; [] when nothing can be inferred. */
export function inferOrigin(authors: readonly AuthorOffsets[]): OriginLocation[] {
  const mean = new Map<string, number>()
  let counted = 0
  for (const author of authors) {
    const countries = authorCountries(author)
    if (countries === undefined) continue
    counted++
    for (const [country, p] of countries) mean.set(country, (mean.get(country) ?? 0) + p)
  }
  if (counted === 0) return []
  const kept = [...mean].filter(([, total]) => total / counted >= MIN_SHARE)
  // Cannot be empty in practice (some country holds at least 1/250 of the mass); kept total for safety.
  return toPercentages(normalise(new Map(kept.length > 0 ? kept : mean)))
}

function normalise(weights: Map<string, number>): Map<string, number> {
  const total = [...weights.values()].reduce((a, b) => a + b, 0)
  for (const [key, w] of weights) weights.set(key, w / total)
  return weights
}

/**
 * Largest-remainder (Hamilton) rounding on hundredths of a percent: floor every share to whole hundredths, then
 * give the units still missing to 10,000 to the largest remainders (ties: larger share, then code). Ordered by
 * percentage descending, then code.
 */
function toPercentages(shares: Map<string, number>): OriginLocation[] {
  const rows = [...shares].map(([name, share]) => {
    const exact = share * 10_000
    return { name, share, units: Math.floor(exact), remainder: exact - Math.floor(exact) }
  })
  let missing = 10_000 - rows.reduce((sum, r) => sum + r.units, 0)
  const byRemainder = [...rows].sort((a, b) => b.remainder - a.remainder || b.share - a.share || byCode(a.name, b.name))
  for (let i = 0; missing > 0 && byRemainder.length > 0; i = (i + 1) % byRemainder.length, missing--) {
    const row = byRemainder[i]
    if (row !== undefined) row.units++
  }
  return rows
    .filter((r) => r.units > 0)
    .sort((a, b) => b.units - a.units || byCode(a.name, b.name))
    .map((r) => ({ name: r.name, percentage: r.units / 100 }))
}

/** Plain code-unit order, so the output does not depend on the host's locale. */
function byCode(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
