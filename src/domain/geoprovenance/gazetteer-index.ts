// The lookup tables behind curateLocation: every known place name, normalised by placeKey(), mapped to the
// countries it may name with a confidence. Sources: i18n-iso-countries (country names in the LOCALES below),
// city-timezones (cities and their province field, about 7,300 places with populations) and the hand tables of
// gazetteer-data.ts. Built once, on first use.
import { cityMapping } from 'city-timezones'
import countries from 'i18n-iso-countries'
import {
  AU_STATES,
  BR_STATE_CODES,
  CA_PROVINCES,
  CITY_ALIASES,
  CITY_STOPWORDS,
  COUNTRY_ALIASES,
  FOREIGN_NAME_STOPWORDS,
  GENERIC_REGION_WORDS,
  METRO_ALIASES,
  MX_STATE_CODES,
  NOT_PLACES,
  REGION_ALIASES,
  US_STATES,
} from './gazetteer-data.ts'

export type Via = 'flag' | 'country' | 'region' | 'city' | 'alias'

/** One way of reading a name: the country it names, how sure, and how wide the place is (3 country, 1 city). */
export interface Reading {
  code: string
  conf: number
  via: Via
  level: 1 | 2 | 3
  /** May be found as a word inside a longer part ("Based in Berlin"); small and short places may not. */
  inText: boolean
}

/** Confidence of each kind of match before population shares and penalties (docs/geoprovenance-curation.md). */
export const CONFIDENCE = {
  flag: 1,
  country: 1,
  metro: 0.95,
  region: 0.9,
  stateCode: 0.9,
  countryCode: 0.85,
  otherStateCode: 0.8,
  city: 0.8,
} as const

/** Languages whose country names are matched: those of most developers on GitHub, in many scripts. */
const LOCALES = (
  'en de fr es pt it nl pl ru uk be kk zh ja ko tr sv nb da fi cs sk hu ro bg el he ar fa hi bn id ms vi th ca hr ' +
  'sr sl et lv lt uz az ka hy'
).split(' ')

/** Codes that are never a place to live (Antarctica). */
const NEVER = new Set(['AQ'])
const CITY_IN_TEXT_POPULATION = 100_000

/** A name as it is matched: NFKC, case-folded, Latin accents stripped, punctuation as spaces, dots dropped. */
export function placeKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[øœæłđıþ]/g, (c) => ({ ø: 'o', œ: 'oe', æ: 'ae', ł: 'l', đ: 'd', ı: 'i', þ: 'th' })[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/&/g, ' and ')
    .replace(/[.'’`ʼ]/g, '')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim()
}

export interface Gazetteer {
  /** Whole names: countries, regions, metros, cities. */
  names: Map<string, Reading[]>
  /** Postal and ISO abbreviations, read only after a comma ("Austin, TX", "Berlin, DE"). */
  abbreviations: Map<string, Reading[]>
  /** Names with their spaces removed, for other spacings ("Ha Noi" is Hanoi, "Kualalumpur" Kuala Lumpur). */
  compact: Map<string, Reading[]>
  /** Latin city names of seven letters or more, for one-letter variants ("Marrakech", "Sevilla"); only cities,
   * since a country a letter away from a word is too easy to hit ("Neverland" is not Nederland). */
  longNames: string[]
  /** Names written in Han or Hangul, longest first, found inside unspaced text ("中国北京"). */
  cjkNames: string[]
  notPlaces: Set<string>
  /** Codes a flag emoji may name. */
  flagCodes: Set<string>
}

function add(map: Map<string, Reading[]>, name: string, reading: Reading): void {
  const key = placeKey(name)
  if (!key || NEVER.has(reading.code)) return
  const list = map.get(key) ?? []
  const same = list.find((r) => r.code === reading.code)
  if (!same) list.push(reading)
  else if (reading.conf > same.conf) Object.assign(same, reading)
  map.set(key, list)
}

/** Readings by population share: each country's part of the population of the places so named. */
function byShare(
  map: Map<string, Reading[]>,
  pops: Map<string, Map<string, number>>,
  base: number,
  via: Via,
  level: 1 | 2,
) {
  for (const [key, perCode] of pops) {
    const total = [...perCode.values()].reduce((a, b) => a + b, 0)
    for (const [code, pop] of perCode) {
      const inText = level === 2 || pop >= CITY_IN_TEXT_POPULATION || key.includes(' ')
      add(map, key, { code, conf: base * (total > 0 ? pop / total : 1 / perCode.size), via, level, inText })
    }
  }
}

function tally(pops: Map<string, Map<string, number>>, key: string, code: string, pop: number): void {
  const perCode = pops.get(key) ?? new Map<string, number>()
  perCode.set(code, (perCode.get(code) ?? 0) + pop)
  pops.set(key, perCode)
}

function build(): Gazetteer {
  const names = new Map<string, Reading[]>()
  const abbreviations = new Map<string, Reading[]>()
  const foreignStop = new Set(FOREIGN_NAME_STOPWORDS.map(placeKey))
  const country = (code: string, via: Via): Reading => ({ code, conf: CONFIDENCE.country, via, level: 3, inText: true })
  for (const lang of LOCALES) {
    for (const [code, all] of Object.entries(countries.getNames(lang, { select: 'all' }))) {
      for (const name of all) {
        // Short Latin names in other languages are words too often ("Mỹ", "Ý", "Pole"); English keeps US, UK.
        const key = placeKey(name)
        const word = /^[a-z ]{1,3}$/.test(key) || foreignStop.has(key)
        if (lang === 'en' || !word) add(names, name, country(code, 'country'))
      }
    }
  }
  for (const [name, code] of COUNTRY_ALIASES) add(names, name, country(code, 'alias'))
  const region = (code: string, conf: number = CONFIDENCE.region): Reading => ({
    code,
    conf,
    via: 'region',
    level: 2,
    inText: true,
  })
  for (const [name, code] of REGION_ALIASES) add(names, name, region(code))
  for (const [name] of US_STATES) add(names, name, region('US'))
  for (const [name] of CA_PROVINCES) add(names, name, region('CA'))
  for (const [name] of AU_STATES) add(names, name, region('AU'))
  for (const [name, code] of METRO_ALIASES) add(names, name, { ...region(code, CONFIDENCE.metro), via: 'alias' })

  const code2 = (code: string, conf: number, via: Via = 'region') => ({ ...region(code, conf), via })
  for (const [, abbr] of US_STATES) add(abbreviations, abbr, code2('US', CONFIDENCE.stateCode))
  const isoCodes = Object.keys(countries.getAlpha2Codes())
  for (const code of isoCodes) add(abbreviations, code, code2(code, CONFIDENCE.countryCode, 'country'))
  // The Canadian codes that are also country codes are the small provinces' (NL, PE, SK, YT, NU): the country is
  // the likelier reading ("Delft, NL"); US state codes keep precedence, "City, ST" being the common US style.
  for (const [, abbr] of CA_PROVINCES) {
    add(abbreviations, abbr, code2('CA', isoCodes.includes(abbr) ? CONFIDENCE.otherStateCode : CONFIDENCE.stateCode))
  }
  for (const [, abbr] of AU_STATES) add(abbreviations, abbr, code2('AU', CONFIDENCE.countryCode))
  for (const abbr of BR_STATE_CODES) add(abbreviations, abbr, code2('BR', CONFIDENCE.otherStateCode))
  for (const abbr of MX_STATE_CODES) add(abbreviations, abbr, code2('MX', CONFIDENCE.otherStateCode))

  const stop = new Set(CITY_STOPWORDS.map(placeKey))
  const aliased = new Set(CITY_ALIASES.map(([name]) => placeKey(name)))
  const cities = new Map<string, Map<string, number>>()
  const provinces = new Map<string, Map<string, number>>()
  for (const c of cityMapping) {
    for (const key of new Set([placeKey(c.city), placeKey(c.city_ascii)])) {
      if (key.length >= 3 && !stop.has(key) && !aliased.has(key)) tally(cities, key, c.iso2, c.pop)
    }
    tally(provinces, placeKey(c.province), c.iso2, c.pop)
  }
  const generic = new Set(GENERIC_REGION_WORDS)
  for (const key of provinces.keys()) {
    // A province named like a city or a country is read as that; one of only generic words names nothing.
    const vague = key.split(' ').every((w) => generic.has(w))
    const taken = cities.has(key) || names.has(key) || aliased.has(key) || stop.has(key)
    if (key.length < 4 || vague || taken) provinces.delete(key)
  }
  byShare(names, provinces, CONFIDENCE.region, 'region', 2)
  byShare(names, cities, CONFIDENCE.city, 'city', 1)
  for (const [name, code] of CITY_ALIASES) {
    add(names, name, { code, conf: CONFIDENCE.city, via: 'city', level: 1, inText: true })
  }

  const cityInText = (r: Reading) => r.level === 1 && r.inText
  const compact = new Map<string, Reading[]>()
  for (const [key, readings] of names) if (key.includes(' ')) compact.set(key.replace(/ /g, ''), readings)
  const longNames = [...names.keys()].filter((k) => /^[a-z ]{7,}$/.test(k) && names.get(k)?.some(cityInText))
  const cjkNames = [...names.keys()].filter((k) => /^[\p{sc=Han}\p{sc=Hangul}]{2,}$/u.test(k))
  cjkNames.sort((a, b) => b.length - a.length)
  const notPlaces = new Set(NOT_PLACES.map(placeKey))
  const flagCodes = new Set(isoCodes.filter((c) => !NEVER.has(c)))
  return { names, abbreviations, compact, longNames, cjkNames, notPlaces, flagCodes }
}

let built: Gazetteer | undefined
/** The tables, built on first use (about 20,000 names; tens of milliseconds). */
export function gazetteer(): Gazetteer {
  built ??= build()
  return built
}
