// Offset-to-country tables for origin inference: which countries have a time zone at a given UTC offset, in a given
// month (real offsets from the IANA database through Intl) or in any season (standard and DST offsets from
// countries-and-timezones), each weighted by the developer prior and the country's population share in that zone.
import cityTimezones from 'city-timezones'
import ct, { type Timezone } from 'countries-and-timezones'
import { developerPrior } from './prior.ts'

interface Zone {
  readonly name: string
  /** Today's standard and daylight-saving offsets, minutes east of UTC (countries-and-timezones 3.10.0). */
  readonly standard: number
  readonly dst: number
  /** Country → share of that country's population (by city) living in this zone. */
  readonly shares: ReadonlyMap<string, number>
}

/** Countries in the zone data that have no resident developers to speak of (Antarctic research stations). */
const EXCLUDED = new Set(['AQ'])

/** Months outside these years are treated as unknown: bounds the per-month cache against forged commit dates. */
const FIRST_YEAR = 1970
const LAST_YEAR = 2099

let zoneTable: readonly Zone[] | undefined

/**
 * Canonical zones (aliases such as Europe/Copenhagen → Europe/Berlin are left out; the canonical zone already lists
 * the alias's country). A zone listing several countries is split by population: each country's share of its own
 * city population in the zone, from city-timezones 1.3.4 (city `pop`), so Russia counts little at +1000
 * (Vladivostok) and the US counts fully at -0500 in winter (New York, Detroit, ...). A zone with no listed city
 * keeps 0.1% of its country, so it stays possible; a country with no city at all is split evenly over its zones.
 */
function zones(): readonly Zone[] {
  if (zoneTable !== undefined) return zoneTable
  const all = ct.getAllTimezones({ deprecated: true }) as Record<string, Timezone | undefined>
  const canonical = Object.values(all).filter(
    (z): z is Timezone => z !== undefined && !z.aliasOf && !z.deprecated && z.countries.length > 0,
  )
  const population = new Map<string, number>() // `${country} ${zone}` → people in the package's cities
  for (const city of cityTimezones.cityMapping) {
    const listed = all[city.timezone ?? '']
    const zone = listed?.aliasOf ? all[listed.aliasOf] : listed
    // A few border cities carry a neighbour's zone; they are left out rather than moved.
    if (zone === undefined || !zone.countries.includes(city.iso2 as Timezone['countries'][number])) continue
    const key = `${city.iso2} ${zone.name}`
    population.set(key, (population.get(key) ?? 0) + (Number.isFinite(city.pop) ? city.pop : 0))
  }
  const zonesOf = new Map<string, string[]>()
  for (const z of canonical) for (const c of z.countries) zonesOf.set(c, [...(zonesOf.get(c) ?? []), z.name])
  const share = (country: string, zone: string): number => {
    const names = zonesOf.get(country) ?? [zone]
    const total = names.reduce((sum, name) => sum + (population.get(`${country} ${name}`) ?? 0), 0)
    const smoothing = total > 0 ? total / 1000 : 1
    return ((population.get(`${country} ${zone}`) ?? 0) + smoothing) / (total + smoothing * names.length)
  }
  zoneTable = canonical.map((z) => ({
    name: z.name,
    standard: z.utcOffset,
    dst: z.dstOffset,
    shares: new Map(z.countries.filter((c) => !EXCLUDED.has(c)).map((c) => [c, share(c, z.name)])),
  }))
  return zoneTable
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** A zone's UTC offset at an instant, in minutes, from ICU's copy of the IANA database (full ICU in Node 20). */
function offsetAt(zone: string, epochMs: number): number | undefined {
  let format = formatters.get(zone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    formatters.set(zone, format)
  }
  const name = format.formatToParts(epochMs).find((p) => p.type === 'timeZoneName')?.value ?? ''
  // 'GMT' for zero, else 'GMT+05:45' / 'GMT-03:00' (seconds only occur before 1970, which is never asked).
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name)
  if (m === null) return undefined
  if (m[1] === undefined) return 0
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
}

/**
 * Every offset a zone uses during a month. Sampled at the first instant, days 8, 15 and 22, and the last instant of
 * the month (UTC), so a month containing a DST change yields both offsets, as any period of a week or more does.
 */
function offsetsInMonth(zone: string, year: number, month: number): Set<number> {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const instants = [
    Date.UTC(year, month - 1, 1),
    ...[8, 15, 22].map((d) => Date.UTC(year, month - 1, d, 12)),
    Date.UTC(year, month - 1, days, 23, 59, 59),
  ]
  const offsets = new Set<number>()
  for (const t of instants) {
    const o = offsetAt(zone, t)
    if (o !== undefined) offsets.add(o)
  }
  return offsets
}

/** 'YYYY-MM' → [year, month], or undefined when malformed or outside the supported years (then: season unknown). */
function parseMonth(text: string | undefined): [number, number] | undefined {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text ?? '')
  if (m === null) return undefined
  const year = Number(m[1])
  return year >= FIRST_YEAR && year <= LAST_YEAR ? [year, Number(m[2])] : undefined
}

type OffsetTable = Map<number, Map<string, number>> // offset → country → normalised weight

const tables = new Map<string, OffsetTable>() // 'YYYY-MM' or '' (season unknown) → table

function buildTable(month: [number, number] | undefined): OffsetTable {
  const table: OffsetTable = new Map()
  for (const zone of zones()) {
    const offsets = month ? offsetsInMonth(zone.name, month[0], month[1]) : new Set([zone.standard, zone.dst])
    for (const offset of offsets) {
      const weights = table.get(offset) ?? new Map<string, number>()
      table.set(offset, weights)
      for (const [country, share] of zone.shares) {
        weights.set(country, (weights.get(country) ?? 0) + developerPrior(country) * share)
      }
    }
  }
  for (const weights of table.values()) {
    const total = [...weights.values()].reduce((a, b) => a + b, 0)
    for (const [country, w] of weights) weights.set(country, w / total)
  }
  return table
}

/**
 * Countries that can have written a commit at `offsetMinutes`, as probabilities summing to 1 (empty when no zone
 * has that offset). With a month, a zone counts when it used that offset during the month (so +0100 in July is the
 * UK, Ireland, Portugal or West Africa, not Germany); without one, when its standard or DST offset equals it.
 */
export function offsetCountries(offsetMinutes: number, month?: string): ReadonlyMap<string, number> {
  const parsed = parseMonth(month)
  const key = parsed ? (month ?? '') : ''
  let table = tables.get(key)
  if (table === undefined) {
    table = buildTable(parsed)
    tables.set(key, table)
  }
  return table.get(offsetMinutes) ?? new Map()
}
