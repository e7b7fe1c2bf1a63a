// The guards that keep a catalogue keyword from matching inside a longer word (docs/cryptography-rulesets.md
// "Guards"). One definition, used by the keyword analyzer (acceptsMatch, on the bytes it scans) and by the released
// `keywords` ruleset (keywordRegexSource, written into each rule's pattern-regex), so both find the same things:
// - a keyword that starts with a letter or digit must not be preceded by one (`des_e` is not in `nodes_each`);
// - a keyword shorter than SHORT_KEYWORD characters that ends with a letter or digit must not be followed by one
//   (`3des` is not in `3desk`; `md5hash` still matches `md5hashes`).
// Letters and digits are ASCII (`[A-Za-z0-9]`); the catalogue's keywords are ASCII.

const SHORT_KEYWORD = 6

function isWordCode(c: number | undefined): boolean {
  if (c === undefined || Number.isNaN(c)) return false
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
}

function guardsStart(keyword: string): boolean {
  return isWordCode(keyword.charCodeAt(0))
}

function guardsEnd(keyword: string): boolean {
  return keyword.length < SHORT_KEYWORD && isWordCode(keyword.charCodeAt(keyword.length - 1))
}

/** Whether an occurrence of `keyword` at [start, end) of `text` (a string or its bytes) passes the guards. */
export function acceptsMatch(text: string | Uint8Array, start: number, end: number, keyword: string): boolean {
  const at = typeof text === 'string' ? (i: number) => text.charCodeAt(i) : (i: number) => text[i]
  if (guardsStart(keyword) && start > 0 && isWordCode(at(start - 1))) return false
  if (guardsEnd(keyword) && end < text.length && isWordCode(at(end))) return false
  return true
}

/** `s` with every regular-expression metacharacter escaped; the result means the same in PCRE and JavaScript. */
export function escapeRegex(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')
}

/**
 * The regular expression (source, no flags) that finds `keyword` exactly where acceptsMatch accepts it; rules add
 * case-insensitivity (`(?i)` in a Semgrep pattern-regex, the `i` flag in JavaScript).
 */
export function keywordRegexSource(keyword: string): string {
  const before = guardsStart(keyword) ? '(?<![A-Za-z0-9])' : ''
  const after = guardsEnd(keyword) ? '(?![A-Za-z0-9])' : ''
  return `${before}${escapeRegex(keyword)}${after}`
}
