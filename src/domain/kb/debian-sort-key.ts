// A Debian version's sort key (docs/vulnerabilities.md "Version order"): text whose plain byte order (PostgreSQL's
// COLLATE "C", SQLite's default) is dpkg's order, as the versions table's sort_key column promises. The epoch padded
// to ten digits; then the upstream version and the revision (empty = `0`), each as its alternating runs: a run of
// non-digits character by character (`~` as \x01, letters as themselves, every other character moved above the
// letters), closed by \x02 (the end of a run sorts after `~` and before everything else, as in dpkg), then a run of
// digits as its length (three digits) and its digits without leading zeros; each part ends with \x02 too. Versions dpkg's order does not take get
// the natural key, below every Debian version.
import { debianScheme } from '../shared/versions/debian.ts'

const END = '\u0002'

export function debianSortKey(version: string, natural: (v: string) => string): string {
  if (!debianScheme.isValid(version)) return `0${natural(version)}`
  const s = version.trim()
  const colon = s.indexOf(':')
  const epoch = colon < 0 ? '0' : String(Number(s.slice(0, colon)))
  const rest = s.slice(colon + 1)
  const hyphen = rest.lastIndexOf('-')
  const upstream = hyphen < 0 ? rest : rest.slice(0, hyphen)
  const revision = hyphen < 0 ? '0' : rest.slice(hyphen + 1)
  return `1${epoch.padStart(10, '0')}${runs(upstream)}${runs(revision)}`
}

function runs(part: string): string {
  let out = ''
  let i = 0
  while (i < part.length) {
    let text = ''
    while (i < part.length && !isDigit(part.charCodeAt(i))) text += char(part.charCodeAt(i++))
    let digits = ''
    while (i < part.length && isDigit(part.charCodeAt(i))) digits += part[i++]
    const n = digits.replace(/^0+/, '') || '0'
    out += `${text}${END}${String(n.length).padStart(3, '0')}${n}`
  }
  // the end of the part is the end of a run: above a `~` that a longer part would go on with, below anything else
  return `${out}${END}`
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39

function char(c: number): string {
  if (c === 0x7e) return '\u0001'
  const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
  return String.fromCharCode(letter ? c : c + 0x80)
}
