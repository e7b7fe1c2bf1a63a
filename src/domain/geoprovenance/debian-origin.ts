// Origin from a Debian changelog (docs/debian.md "Origin from changelogs"): each upload's trailer line carries the
// uploader's e-mail address and the time-zone offset of the date they signed it with, as a commit carries its
// author's. A source package's changelog (every binary package built from it shares it) becomes one origin record
// of the source `debian-changelog`: its uploaders as authors, one group per offset and local month, counted in
// uploads. The inference (origin.ts) is the one commits get; answers name the source they came from.
import type { ChangelogEntry } from '../vulnerabilities/debian-changelog.ts'
import type { RepoOrigin } from './types.ts'

const CHANGELOG_ORIGIN_SOURCE = 'debian-changelog'

/** The source package's purl that stands for its contributors: pkg:deb/debian/<source>?arch=source. */
const debianSourcePurl = (source: string) => `pkg:deb/debian/${source}?arch=source`

/**
 * The origin record of a source package from its changelog (newest entry first), linked to its binary packages'
 * purls; undefined when no entry has both an e-mail address and an offset. Authors are e-mail addresses here: the
 * writer stores only their salted hashes.
 */
export function changelogOrigin(
  source: string,
  binaryPurls: readonly string[],
  entries: readonly ChangelogEntry[],
  asOf: string,
): RepoOrigin | undefined {
  const groups = new Map<string, Map<string, { offsetMinutes: number; month: string; commits: number }>>()
  for (const e of entries) {
    const email = /<([^<>\s]+@[^<>\s]+)>/.exec(e.maintainer)?.[1]?.toLowerCase()
    const ms = Date.parse(e.date)
    if (!email || e.utcOffsetMinutes === null || Number.isNaN(ms)) continue
    // the month on the uploader's own clock, the one its offset belongs to
    const month = new Date(ms + e.utcOffsetMinutes * 60_000).toISOString().slice(0, 7)
    const mine = groups.get(email) ?? new Map()
    groups.set(email, mine)
    const key = `${e.utcOffsetMinutes} ${month}`
    const g = mine.get(key) ?? { offsetMinutes: e.utcOffsetMinutes, month, commits: 0 }
    g.commits++
    mine.set(key, g)
  }
  if (groups.size === 0) return undefined
  const newest = entries[0] as ChangelogEntry
  return {
    repoPurl: debianSourcePurl(source),
    head: newest.version,
    headDate: newest.date ? newest.date.slice(0, 10) : null,
    purls: [...new Set(binaryPurls)].sort(),
    authors: [...groups].map(([author, offsets]) => ({ author, bot: false, offsets: [...offsets.values()] })),
    source: CHANGELOG_ORIGIN_SOURCE,
    asOf,
  }
}
