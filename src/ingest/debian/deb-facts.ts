// The facts ingestion reads from a package's .deb files (docs/debian.md): its license from its copyright file
// (copyright-license.ts), the release date of every version its changelog lists, and the CVEs its changelog says
// an upload fixed, which become advisories of the source `debian-changelog` ("CVE X fixed in version V": a version
// below V is affected). A package whose documentation is another package's (a doc symlink) takes that package's.
import type { VersionFacts } from '../../domain/kb/types.ts'
import type { ChangelogEntry } from '../../domain/vulnerabilities/debian-changelog.ts'
import { fixedCves, parseDebianChangelog } from '../../domain/vulnerabilities/debian-changelog.ts'
import type { Advisory } from '../../domain/vulnerabilities/types.ts'
import type { AptArchive } from './apt.ts'
import { licenseOfCopyright } from './copyright-license.ts'
import { type DebDocs, readDebDocs } from './deb-file.ts'

const CHANGELOG_SOURCE = 'debian-changelog'

export interface DebFacts {
  name: string
  version: string
  license: VersionFacts['license']
  /** How the license was read: a machine-readable (DEP-5) copyright file, or its text matched. */
  licenseMethod: 'dep5' | 'text' | 'none'
  /** Release dates of the versions the changelog lists. */
  released: Map<string, string>
  /** Each CVE the changelog names and the upload that fixed it. */
  fixed: Map<string, ChangelogEntry>
  source: string
}

/** A version to read. */
export interface Wanted {
  name: string
  version: string
  source: string
}

/**
 * Downloads these versions and reads them, by `name=version`; versions that fail to download are left out. A
 * package whose doc folder links to another's takes the facts of that package at the same version (or its newest).
 */
export async function readVersionFacts(
  archive: AptArchive,
  wanted: readonly Wanted[],
  dir: string,
): Promise<Map<string, DebFacts>> {
  const key = (w: { name: string; version: string }) => `${w.name}=${w.version}`
  const files = await archive.download(wanted.map(key), dir).catch(() => new Map<string, string>())
  const out = new Map<string, DebFacts>()
  const linked: [DebFacts, string][] = []
  for (const w of wanted) {
    const file = files.get(key(w))
    if (!file) continue
    const docs = await readDebDocs(file, w.name)
    const facts = factsOfDocs(w.name, w.version, w.source, docs)
    out.set(key(w), facts)
    if (docs.docsOf) linked.push([facts, docs.docsOf])
  }
  for (const [facts, other] of linked) {
    const o = out.get(key({ name: other, version: facts.version })) ?? [...out.values()].find((f) => f.name === other)
    if (!o) continue
    Object.assign(facts, { license: o.license, licenseMethod: o.licenseMethod, released: o.released, fixed: o.fixed })
  }
  return out
}

/** What a package's copyright file and changelog say of it. */
export function factsOfDocs(name: string, version: string, source: string, docs: DebDocs): DebFacts {
  const entries = docs.changelog ? parseDebianChangelog(docs.changelog) : []
  const license = docs.copyright ? licenseOfCopyright(docs.copyright) : null
  return {
    name,
    version,
    license: license?.license ?? null,
    licenseMethod: license?.method ?? 'none',
    released: new Map(entries.flatMap((e) => (e.date ? [[e.version, e.date] as [string, string]] : []))),
    fixed: fixedCves(entries),
    source,
  }
}

/** One advisory per source package and CVE, naming every binary package of that source read here. */
export function changelogAdvisories(facts: readonly DebFacts[], now: string): Advisory[] {
  const bySource = new Map<string, { cve: string; entry: ChangelogEntry; binaries: Set<string> }>()
  for (const f of facts)
    for (const [cve, entry] of f.fixed) {
      const key = `${f.source}\u0000${cve}`
      const a = bySource.get(key) ?? { cve, entry, binaries: new Set<string>() }
      a.binaries.add(f.name)
      bySource.set(key, a)
    }
  return [...bySource].map(([key, { cve, entry, binaries }]) => {
    const source = key.split('\u0000')[0] as string
    return {
      id: `x_DEBIAN-CHANGELOG-${source}-${cve}`,
      source: CHANGELOG_SOURCE,
      aliases: [cve],
      summary: `${cve} fixed in ${source} ${entry.version} (Debian changelog)`,
      details: `The Debian changelog of ${source} names ${cve} in the entry of version ${entry.version} (${entry.distributions}).`,
      published: entry.date || null,
      modified: entry.date || now,
      withdrawn: null,
      severity: [],
      databaseSeverity: null,
      cweIds: [],
      references: [],
      affected: [...binaries].sort().map((b) => ({
        ecosystem: 'Debian',
        purlType: 'deb',
        purlName: `debian/${b}`,
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: entry.version }] }],
      })),
    }
  })
}
