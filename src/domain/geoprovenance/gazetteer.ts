// Free-text locations (GitHub profile "location" strings) curated into countries, offline and deterministically.
//
// 1. Emoji flags become parts of their own (🇩🇪, and the tag flags of England, Scotland, Wales); other emoji go.
// 2. The text is split into groups on list separators (/ | ; & "and" "or" • →) and each group into parts on
//    hierarchy separators (, ( ) [ ] : @ " - " and the Arabic comma). A whole string or group that is itself a
//    known name ("Bosnia & Herzegovina", "Korea, Republic of", "Washington, D.C.") is kept whole.
// 3. Each part is read against the gazetteer (gazetteer-read.ts over the tables of gazetteer-index.ts): the
//    countries it may name, each with a confidence.
// 4. In a group the parts vote: each country scores the sum of its confidences over the parts, the best wins,
//    and its confidence is the noisy-or of the parts that support it. So "Portland, Maine" and "Cambridge, MA"
//    are US (the state outvotes the most populous Cambridge), "Toronto, CA" is Canada (city and ISO code agree
//    against California) and "Atlanta, Georgia" is US while "Tbilisi, Georgia" is Georgia. A part that names a
//    place elsewhere (at or above the threshold, with no reading in the winner) multiplies the result by
//    CONFLICT_FACTOR: "Paris, London" still says France, less surely. Parts that say where someone is from
//    ("Originally from Lagos, now in London") count only when nothing else names a place.
// 5. Across groups the first group that names a place wins; another group naming another country applies
//    CONFLICT_FACTOR once ("Paris / London" → FR 0.56; "Germany / France" → DE 0.7).
// Ambiguity is population share: a city name held by several countries reads as each, with 0.8 × its share of
// their population, so "London" alone is GB (0.77) and "Valencia" alone leans Venezuela (0.53, kept, barely).
// A bare two-letter code ("CA", "DE", "IN") names nothing: it is California or Canada, Delaware or Germany,
// Indiana or India. After a comma it is read as a state (0.9) before a country code (0.85), and the city before
// it decides between them. See docs/geoprovenance-curation.md for the figures.
import countries from 'i18n-iso-countries'
import type { Via } from './gazetteer-index.ts'
import { EMOJI, FLAGS, gazetteerHasName, HAS_FLAG, type PartReading, readPart } from './gazetteer-read.ts'

export interface CuratedPlace {
  /** ISO 3166-1 alpha-2, upper case, e.g. 'DE'. */
  code: string
  /** English short name from i18n-iso-countries, e.g. 'Germany'. */
  country: string
  /** 0..1. */
  confidence: number
  via: 'flag' | 'country' | 'region' | 'city' | 'alias'
}

/**
 * Below this confidence a match is not used. 0.5 keeps a unique city (0.8), a city whose namesakes elsewhere hold
 * under 37% of the population, and the first of two countries named side by side (0.7); it drops a city name
 * shared about evenly between countries (an even split is 0.4) and a city with a conflicting part unless it
 * clearly dominates its namesakes (0.8 × 0.7 × share).
 */
export const CURATION_THRESHOLD = 0.5
/** Applied once when another part or group names a different country. */
export const CONFLICT_FACTOR = 0.7
/** Profile locations are short; longer text is cut here so the work per call stays bounded. */
const MAX_LOCATION_LENGTH = 256

const LIST_SEPARATOR = /\s*(?:[/|;•·→⇒>~+\n\t]|\s&\s|\s(?:and|or|und)\s)\s*/iu
const PART_SEPARATOR = /\s*(?:[,،、()[\]{}:@]|\s[-–—]\s|[–—])\s*/u

interface Outcome {
  code: string
  conf: number
  via: Via
  origin: boolean
}

/** English short name of an alpha-2 code (undefined if unknown). */
export function countryName(code: string): string | undefined {
  return /^[A-Za-z]{2}$/.test(code) ? countries.getName(code.toUpperCase(), 'en') : undefined
}

/** The country a free-text location names, or undefined (no place, ambiguous, or below the threshold). */
export function curateLocation(text: string): CuratedPlace | undefined {
  const flagged = text
    .slice(0, MAX_LOCATION_LENGTH)
    .normalize('NFKC')
    .replace(FLAGS, (f) => `,${f},`)
  const outcomes = splitKeepingNames(flagged, LIST_SEPARATOR).flatMap((group) => {
    const outcome = resolveGroup(splitKeepingNames(group, PART_SEPARATOR).map((part, i) => readPart(part, i)))
    return outcome ? [outcome] : []
  })
  const first = outcomes.find((o) => !o.origin) ?? outcomes[0]
  if (!first) return undefined
  const conflict = outcomes.some((o) => o.code !== first.code && !o.origin && o.conf >= CURATION_THRESHOLD)
  const confidence = Math.round(first.conf * (conflict ? CONFLICT_FACTOR : 1) * 1000) / 1000
  const country = countryName(first.code)
  if (confidence < CURATION_THRESHOLD || !country) return undefined
  return { code: first.code, country, confidence, via: first.via }
}

/** Pieces of text split on a separator, unless the whole text is one known name. */
function splitKeepingNames(text: string, separator: RegExp): string[] {
  if (!HAS_FLAG.test(text) && gazetteerHasName(text.replace(EMOJI, ' '))) return [text]
  return text
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean)
}

/** The country the parts of one group agree on best (see the module comment, step 4). */
function resolveGroup(all: PartReading[]): Outcome | undefined {
  const named = all.filter((p) => p.readings.size > 0)
  const current = named.filter((p) => !p.origin)
  const parts = (current.length > 0 ? current : named).map((p) => p.readings)
  const scores = new Map<string, number>()
  for (const part of parts) for (const r of part.values()) scores.set(r.code, (scores.get(r.code) ?? 0) + r.conf)
  let code: string | undefined
  for (const [c, s] of scores) if (code === undefined || s > (scores.get(code) ?? 0)) code = c
  if (code === undefined) return undefined
  const support = parts.flatMap((p) => p.get(code) ?? [])
  const top = support.reduce((a, b) => (b.conf > a.conf || (b.conf === a.conf && b.level > a.level) ? b : a))
  const conf = 1 - support.reduce((miss, r) => miss * (1 - r.conf), 1)
  const against = parts.some(
    (p) => !p.has(code) && Math.max(...[...p.values()].map((r) => r.conf)) >= CURATION_THRESHOLD,
  )
  return { code, conf: against ? conf * CONFLICT_FACTOR : conf, via: top.via, origin: current.length === 0 }
}
