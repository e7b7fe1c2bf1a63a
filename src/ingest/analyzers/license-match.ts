// Matches a license text against the SPDX license texts: word-bigram Dice similarity over normalised text.
//
// Normalisation (both sides): keep the first 64 KiB; drop copyright lines ("Copyright (c) 2020 X", "(c) X",
// "© X", "Copyright X" — but not a wrapped "copyright notice…" line of the license itself) and "all rights
// reserved" lines; drop template fields `<...>` and `[...]` (up to 80 characters on one line); lower-case;
// "licence" → "license"; every run of non-letters/digits is one separator. The text is then the SET of its word
// bigrams, and similarity is Dice: 2·|A∩B| / (|A| + |B|), in [0, 1].
//
// The index of SPDX texts (spdx-license-list/full) is built once per process, on first use. Deprecated ids
// (GPL-3.0, GPL-2.0+, LGPL-2.1…) are left out; a text with an optional appendix after "END OF TERMS AND
// CONDITIONS" (Apache-2.0, the GPL family) is indexed with and without it; ids whose normalised texts are
// identical collapse to one (preferring an `-only` id, then the shortest, then code-unit order: the bare GPL-3.0
// text → GPL-3.0-only). Dice ≥ T needs min(|A|,|B|)/max(|A|,|B|) ≥ T/(2−T), so only texts in that size window
// are compared: an exact filter, not a heuristic. Ties go to the preferred id. Results are cached by normalised
// text (the same license recurs across packages with only the copyright line changed).
import { createRequire } from 'node:module'

/** The score a text needs to be reported as a license (see docs/analyzers.md for how it was chosen). */
export const MATCH_THRESHOLD = 0.8
const MAX_MATCHED_CHARS = 64 * 1024

/** Deprecated SPDX ids present in the list (from spdx-license-ids' deprecated.json); ids ending in + are too. */
const DEPRECATED = new Set(
  (
    'AGPL-1.0 AGPL-3.0 BSD-2-Clause-FreeBSD BSD-2-Clause-NetBSD GFDL-1.1 GFDL-1.2 GFDL-1.3 GPL-1.0 GPL-2.0 ' +
    'GPL-2.0-with-GCC-exception GPL-2.0-with-autoconf-exception GPL-2.0-with-bison-exception ' +
    'GPL-2.0-with-classpath-exception GPL-2.0-with-font-exception GPL-3.0 GPL-3.0-with-GCC-exception ' +
    'GPL-3.0-with-autoconf-exception LGPL-2.0 LGPL-2.1 LGPL-3.0 Net-SNMP Nunit StandardML-NJ bzip2-1.0.5 eCos-2.0 wxWindows'
  ).split(' '),
)

export interface LicenseMatch {
  spdxId: string | null
  /** The best score found (also when below the threshold), 0 when nothing was comparable. */
  score: number
}

interface IndexedText {
  id: string
  bigrams: Set<number>
}

interface SpdxIndex {
  vocabulary: Map<string, number>
  /** Sorted by bigram count ascending. */
  texts: IndexedText[]
}

/** "Copyright (c) 2020 X", "(c) X", "© X", "Copyright X": not "copyright notice…" (a wrapped licence sentence). */
const COPYRIGHT_LINE =
  /^[\W_]*(copyright\b(?!\s+(notices?|holders?|owners?|statements?|law|laws|and|or|license|protection|interest)\b)|\(c\)|©|all rights reserved)/i
/** Where an optional appendix starts ("How to apply…" in Apache-2.0, the GPL family…): texts are also indexed without it. */
const APPENDIX = /\n\s*END OF TERMS AND CONDITIONS\b/i
const TOKEN_SPACE = 2 ** 22
let index: SpdxIndex | undefined
/** Results by normalised text: the same license, copyright lines aside, recurs across packages (oldest dropped). */
const cache = new Map<string, LicenseMatch>()
const CACHE_SIZE = 512

function normaliseLicenseText(text: string): string[] {
  const kept = text
    .slice(0, MAX_MATCHED_CHARS)
    .split('\n')
    .filter((line) => !COPYRIGHT_LINE.test(line))
    .join('\n')
    .replace(/<[^<>\n]{0,80}>|\[[^[\]\n]{0,80}\]/g, ' ')
    .toLowerCase()
    .replace(/licence/g, 'license')
  return kept.split(/[^\p{L}\p{N}]+/u).filter((t) => t !== '')
}

function bigrams(tokens: string[], ids: (t: string) => number): Set<number> {
  const out = new Set<number>()
  for (let i = 1; i < tokens.length; i++) out.add(ids(tokens[i - 1] as string) * TOKEN_SPACE + ids(tokens[i] as string))
  return out
}

const preferred = (a: string, b: string) =>
  Number(b.endsWith('-only')) - Number(a.endsWith('-only')) || a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)

function buildIndex(): SpdxIndex {
  const full = createRequire(import.meta.url)('spdx-license-list/full') as Record<string, { licenseText: string }>
  const byText = new Map<string, string[]>()
  for (const [id, lic] of Object.entries(full)) {
    if (DEPRECATED.has(id) || id.endsWith('+')) continue
    const cut = lic.licenseText.search(APPENDIX)
    const variants = cut > 0 ? [lic.licenseText, lic.licenseText.slice(0, cut)] : [lic.licenseText]
    for (const text of variants) {
      const key = normaliseLicenseText(text).join(' ')
      const ids = byText.get(key)
      if (ids) ids.push(id)
      else byText.set(key, [id])
    }
  }
  const vocabulary = new Map<string, number>()
  const texts: IndexedText[] = []
  for (const [key, ids] of byText) {
    const id = ids.sort(preferred)[0] as string
    const set = bigrams(key.split(' '), (t) => intern(vocabulary, t))
    if (set.size > 0) texts.push({ id, bigrams: set })
  }
  texts.sort((a, b) => a.bigrams.size - b.bigrams.size || preferred(a.id, b.id))
  return { vocabulary, texts }
}

/** The index, built on first call (about a quarter of a second) and kept for the life of the process. */
export function spdxIndex(): SpdxIndex {
  index ??= buildIndex()
  return index
}

/** The best-matching SPDX license for a text, or spdxId null when none reaches MATCH_THRESHOLD. */
export function matchLicense(text: string): LicenseMatch {
  const tokens = normaliseLicenseText(text)
  const key = tokens.join(' ')
  const cached = cache.get(key)
  if (cached) return cached
  const result = bestMatch(tokens)
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  cache.set(key, result)
  return result
}

function bestMatch(tokens: string[]): LicenseMatch {
  const { vocabulary, texts } = spdxIndex()
  const local = new Map<string, number>() // tokens the SPDX texts never use: ids past the vocabulary, never shared
  const ids = (t: string) => vocabulary.get(t) ?? intern(local, t, vocabulary.size)
  const file = bigrams(tokens, ids)
  const n = file.size
  if (n === 0) return { spdxId: null, score: 0 }
  const ratio = MATCH_THRESHOLD / (2 - MATCH_THRESHOLD)
  let best: LicenseMatch = { spdxId: null, score: 0 }
  for (let i = lowerBound(texts, Math.ceil(n * ratio)); i < texts.length; i++) {
    const t = texts[i] as IndexedText
    const m = t.bigrams.size
    if (m * ratio > n) break
    const [small, large] = m < n ? [t.bigrams, file] : [file, t.bigrams]
    let common = 0
    for (const b of small) if (large.has(b)) common++
    const score = (2 * common) / (n + m)
    if (score > best.score || (score === best.score && best.spdxId !== null && preferred(t.id, best.spdxId) < 0)) {
      best = { spdxId: t.id, score }
    }
  }
  // Outside the size window nothing could reach the threshold; below it, keep the best score seen but no id.
  return best.score >= MATCH_THRESHOLD ? best : { spdxId: null, score: best.score }
}

function intern(map: Map<string, number>, token: string, base = 0): number {
  const known = map.get(token)
  if (known !== undefined) return known
  const id = base + map.size
  map.set(token, id)
  return id
}

function lowerBound(texts: IndexedText[], size: number): number {
  let lo = 0
  let hi = texts.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((texts[mid] as IndexedText).bigrams.size < size) lo = mid + 1
    else hi = mid
  }
  return lo
}
