// Reading one part of a location ("Berlin", "CA", "🇩🇪", "Based in Tokyo") as the countries it may name: step 3
// of the design in gazetteer.ts. Tries, in order, and stops at the first that names something:
//   a flag; the whole part as a name (after a comma also as an abbreviation); the part without filler words;
//   the part with other spacing ("Ha Noi"); a one-letter variant of a long name ("Marrakech", "Sevilla");
//   a capitalised phrase inside it ("Somewhere in Germany"); a Han/Hangul name inside it ("中国北京").
// The last three are less sure, and scaled down. A part that is a non-place ("Remote", "Europe") reads as nothing.
import { IN_TEXT_CONNECTORS, LEADING_FILLERS, ORIGIN_MARKERS, TRAILING_FILLERS } from './gazetteer-data.ts'
import { CONFIDENCE, gazetteer, placeKey, type Reading } from './gazetteer-index.ts'

/** A name found inside a longer part, or spelt a letter differently, is a little less sure. */
const LOOSE_MATCH_FACTOR = 0.9

const FLAG_SOURCE = '[\\u{1F1E6}-\\u{1F1FF}]{2}|\\u{1F3F4}[\\u{E0061}-\\u{E007A}]+\\u{E007F}'
/** Every flag emoji (regional-indicator pairs; tag flags such as Scotland's). */
export const FLAGS = new RegExp(FLAG_SOURCE, 'gu')
export const HAS_FLAG = new RegExp(FLAG_SOURCE, 'u')
const ONE_FLAG = new RegExp(`^(?:${FLAG_SOURCE})$`, 'u')
export const EMOJI =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is stripped on its own, joiners and selectors included
  /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{E0020}-\u{E007F}\u{FE0F}\u{200D}\u{1F3FB}-\u{1F3FF}]/gu

const bySize = (list: readonly string[]) => [...list].sort((a, b) => b.length - a.length)
const LEADING = bySize(LEADING_FILLERS).map((f) => `${f} `)
const ORIGIN = bySize(ORIGIN_MARKERS).map((f) => `${f} `)
const TRAILING = bySize(TRAILING_FILLERS).map((f) => ` ${f}`)
const CONNECTORS = new Set(IN_TEXT_CONNECTORS)
const NAME_LIKE = /^[\p{Lu}\p{Lo}\p{N}]/u

export interface PartReading {
  /** Best reading per country. */
  readings: Map<string, Reading>
  /** The part says where someone is from ("Born in Kyiv"): it counts only when no other part names a place. */
  origin: boolean
}

/** The countries one part may name; `index` is its position in its group (abbreviations only after a comma). */
export function readPart(raw: string, index: number): PartReading {
  const { names, abbreviations, compact, notPlaces } = gazetteer()
  const flag = flagCode(raw)
  if (flag) return { readings: best([country(flag)]), origin: false }
  const text = raw.replace(EMOJI, ' ')
  const whole = placeKey(text)
  const { key, origin } = stripFillers(whole)
  const out = (found: Reading[], factor = 1) => ({
    readings: best(found.map((r) => ({ ...r, conf: r.conf * factor }))),
    origin,
  })
  for (const k of [whole, key]) {
    if (!k || notPlaces.has(k)) return out([])
    const found = [...(names.get(k) ?? []), ...((index > 0 && abbreviations.get(k)) || [])]
    if (found.length > 0) return out(found)
  }
  const spaceless = key.replace(/ /g, '')
  const respaced = names.get(spaceless) ?? compact.get(spaceless)
  if (respaced) return out(respaced)
  return out(nearName(key) ?? findInText(text), LOOSE_MATCH_FACTOR)
}

/** Readings of the one long name a letter away from the key (a typo or a variant spelling), if just one is. */
function nearName(key: string): Reading[] | undefined {
  if (!/^[a-z ]{7,}$/.test(key)) return undefined
  const { names, longNames } = gazetteer()
  const near = longNames.filter((name) => oneEditApart(key, name))
  return near.length === 1 && near[0] ? names.get(near[0])?.filter((r) => r.level === 1 && r.inText) : undefined
}

/** True when b is a, but for one substituted, inserted or deleted character. */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1)
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

/**
 * Places named inside a longer part: capitalised phrases, longest first and not overlapping, if every other word
 * is capitalised or a connector (IN_TEXT_CONNECTORS); else Han/Hangul names inside unspaced text.
 */
function findInText(text: string): Reading[] {
  const { names, cjkNames, notPlaces } = gazetteer()
  const words = text.split(/[\s-]+/).filter(Boolean)
  const found: Reading[] = []
  if (!words.every((w) => NAME_LIKE.test(w) || CONNECTORS.has(w.toLowerCase()))) return found
  const used = new Set<number>()
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    for (let start = 0; start + n <= words.length; start++) {
      const at = Array.from({ length: n }, (_, i) => start + i)
      if (at.some((i) => used.has(i) || !NAME_LIKE.test(words[i] ?? ''))) continue
      const key = placeKey(at.map((i) => words[i]).join(' '))
      const readings = key.length < 4 || notPlaces.has(key) ? [] : (names.get(key) ?? []).filter((r) => r.inText)
      if (readings.length === 0) continue
      found.push(...readings)
      for (const i of at) used.add(i)
    }
  }
  let rest = placeKey(text)
  if (found.length > 0 || !/[\p{sc=Han}\p{sc=Hangul}]/u.test(rest)) return found
  for (const key of cjkNames) {
    if (!rest.includes(key)) continue
    found.push(...(names.get(key) ?? []))
    rest = rest.replace(key, ' ')
  }
  return found
}

/** The key without leading and trailing filler words; origin when one of them was an origin marker. */
function stripFillers(key: string): { key: string; origin: boolean } {
  let out = key
  let origin = false
  for (let changed = true; changed; ) {
    changed = false
    for (const f of ORIGIN) if (out.startsWith(f)) [out, changed, origin] = [out.slice(f.length), true, true]
    for (const f of LEADING) if (out.startsWith(f)) [out, changed] = [out.slice(f.length), true]
    for (const f of TRAILING) if (out.endsWith(f)) [out, changed] = [out.slice(0, -f.length), true]
  }
  return { key: out, origin }
}

/** The alpha-2 code of a text that is one flag emoji (regional indicators, or a tag flag of a GB nation). */
function flagCode(text: string): string | undefined {
  const t = text.trim()
  if (!ONE_FLAG.test(t)) return undefined
  const points = [...t].map((c) => c.codePointAt(0) ?? 0)
  const letters = points[0] === 0x1f3f4 ? points.slice(1, 3).map((c) => c - 0xe0061) : points.map((c) => c - 0x1f1e6)
  const code = String.fromCharCode(...letters.map((c) => 65 + c))
  return gazetteer().flagCodes.has(code) ? code : undefined
}

function country(code: string): Reading {
  return { code, conf: CONFIDENCE.flag, via: 'flag', level: 3, inText: true }
}

function best(readings: Reading[]): Map<string, Reading> {
  const out = new Map<string, Reading>()
  for (const r of readings) {
    const prev = out.get(r.code)
    if (!prev || r.conf > prev.conf) out.set(r.code, r)
  }
  return out
}

/** True when the text, normalised, is a known name as a whole. */
export function gazetteerHasName(text: string): boolean {
  return gazetteer().names.has(placeKey(text))
}
