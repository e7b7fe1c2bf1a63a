// A Debian changelog (Debian Policy §4.4: `debian/changelog`, shipped as /usr/share/doc/<package>/changelog.Debian.gz)
// read for the facts it states (docs/debian.md "Vulnerabilities from changelogs"): each upload's version, date,
// time-zone offset and maintainer, and the CVE ids its entry names. A CVE named in an entry was fixed by that upload
// (the oldest upload naming it, when several do: later mentions are follow-ups, regressions or backports).
export interface ChangelogEntry {
  package: string
  version: string
  distributions: string
  /** ISO 8601 in UTC; '' when the trailer line's date does not parse. */
  date: string
  /** The trailer's offset from UTC in minutes (+0100 → 60); null when it has none. */
  utcOffsetMinutes: number | null
  maintainer: string
  /** CVE ids named in the entry, each once, in order. */
  cves: string[]
}

const HEADER = /^(\S+) \(([^()\s]+)\) ([^;]+);/
const TRAILER = /^ -- (.*?) {1,2}([A-Z][a-z]{2}, .*)$/
const CVE = /\bCVE-\d{4}-\d{4,}\b/g

export function parseDebianChangelog(text: string): ChangelogEntry[] {
  const out: ChangelogEntry[] = []
  let current: ChangelogEntry | undefined
  for (const line of text.split('\n')) {
    const head = HEADER.exec(line)
    if (head) {
      current = {
        package: head[1] as string,
        version: head[2] as string,
        distributions: (head[3] as string).trim(),
        date: '',
        utcOffsetMinutes: null,
        maintainer: '',
        cves: [],
      }
      out.push(current)
      continue
    }
    if (!current) continue
    const trailer = TRAILER.exec(line)
    if (trailer) {
      current.maintainer = (trailer[1] as string).trim()
      const when = rfc5322(trailer[2] as string)
      current.date = when.iso
      current.utcOffsetMinutes = when.offset
      continue
    }
    for (const m of line.matchAll(CVE)) if (!current.cves.includes(m[0])) current.cves.push(m[0])
  }
  return out
}

/** Each CVE named by the changelog and the version of the oldest upload naming it. */
export function fixedCves(entries: readonly ChangelogEntry[]): Map<string, ChangelogEntry> {
  const fixed = new Map<string, ChangelogEntry>()
  // entries run newest first: the last one seen for a CVE is its oldest mention
  for (const e of entries) for (const cve of e.cves) fixed.set(cve, e)
  return fixed
}

/** `Thu, 01 Feb 2024 12:00:00 +0100` → ISO time in UTC and the offset in minutes. */
function rfc5322(text: string): { iso: string; offset: number | null } {
  const ms = Date.parse(text.trim())
  const zone = /([+-])(\d{2})(\d{2})\s*$/.exec(text.trim())
  const offset = zone ? (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) : null
  return { iso: Number.isNaN(ms) ? '' : new Date(ms).toISOString(), offset }
}
