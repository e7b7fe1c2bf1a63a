// The facts ingestion reads from a package's .deb files (docs/debian.md): its license from its copyright file
// (copyright-license.ts), the release date of every version its changelog lists, and the CVEs its changelog says
// an upload fixed, which become advisories of the source `debian-changelog` ("CVE X fixed in version V": a version
// below V is affected). A package whose documentation is another package's (a doc symlink) takes that package's.
import type { VersionAnalysis, VersionFacts } from '../../domain/kb/types.ts'
import type { ChangelogEntry } from '../../domain/vulnerabilities/debian-changelog.ts'
import { fixedCves, parseDebianChangelog } from '../../domain/vulnerabilities/debian-changelog.ts'
import type { Advisory } from '../../domain/vulnerabilities/types.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import type { WalkResult } from '../../ingest/tarball-walk.ts'
import { versionAnalysis } from '../../ingest/version-analysis.ts'
import type { AptArchive } from './apt.ts'
import { licenseOfCopyright } from './copyright-license.ts'
import type { DebLocation } from './deb-fetch.ts'
import { type DebDocs, readDebDocs, type Walker, walkDeb } from './deb-file.ts'
import { splitAnalyzers, walkSources, withSource } from './source-tree.ts'

const CHANGELOG_SOURCE = 'debian-changelog'

export interface DebFacts {
  name: string
  version: string
  license: VersionFacts['license']
  /** How the license was read: a machine-readable (DEP-5) copyright file, or its text matched. */
  licenseMethod: 'dep5' | 'text' | 'none'
  /** The copyright file read, as installed (`usr/share/doc/<package>/copyright`); null without one. */
  licensePath: string | null
  /** Release dates of the versions the changelog lists. */
  released: Map<string, string>
  /** Each CVE the changelog names and the upload that fixed it. */
  fixed: Map<string, ChangelogEntry>
  /** The changelog's entries, newest first (their trailers give the origin: domain/geoprovenance/debian-origin.ts). */
  changelog: ChangelogEntry[]
  source: string
  /** The analysis of the package's installed tree, when analyzers were run. */
  analysis?: VersionAnalysis
}

/** A version to read, and where its .deb is (its index record). */
export interface Wanted extends DebLocation {
  source: string
  /** The source package's version this binary version was built from. */
  sourceVersion: string
}

/**
 * Downloads these versions and reads them, by `name=version`; versions that fail to download are left out. A
 * package whose doc folder links to another's takes the facts of that package at the same version (or its newest).
 */
export async function readVersionFacts(
  archive: AptArchive,
  wanted: readonly Wanted[],
  dir: string,
  analyzers: readonly Analyzer<unknown>[] = [],
  now: () => string = () => new Date().toISOString(),
  walker?: Walker,
): Promise<Map<string, DebFacts>> {
  const key = (w: { name: string; version: string }) => `${w.name}=${w.version}`
  const files = await archive.downloadDebs(wanted, dir)
  const split = splitAnalyzers(analyzers)
  const sourceKey = (w: Wanted) => `${w.source}=${w.sourceVersion}`
  const sources =
    split.source.length > 0
      ? await walkSources(
          archive,
          wanted.filter((w) => files.has(key(w))).map(sourceKey),
          `${dir}/source`,
          split.source,
          walker,
        )
      : new Map<string, WalkResult>()
  const out = new Map<string, DebFacts>()
  const linked: [DebFacts, string][] = []
  for (const w of wanted) {
    const file = files.get(key(w))
    if (!file) continue
    const docs = await readDebDocs(file, w.name)
    const facts = factsOfDocs(w.name, w.version, w.source, docs)
    // the installed tree (its files, folder hashes, notices) and the upstream source (its files, statistics,
    // license files, cryptography, issues, snippets) through the analyzers
    if (analyzers.length > 0) {
      const walked = withSource(await walkDeb(file, split.installed, walker), sources.get(sourceKey(w)))
      facts.analysis = versionAnalysis(w.version, now(), analyzers, walked)
    }
    out.set(key(w), facts)
    if (docs.docsOf) linked.push([facts, docs.docsOf])
  }
  // the packages linked to and not asked for: the same version, from the same source (gcc-12-base for libgcc-s1)
  const more = [...new Set(linked.map(([f, other]) => key({ name: other, version: f.version })))].filter(
    (k) => !out.has(k),
  )
  const extra = more.length > 0 ? await archive.download(more, dir) : new Map<string, string>()
  for (const [k, file] of extra) {
    const [name, version] = k.split('=') as [string, string]
    const source = linked.find(([f, other]) => other === name && f.version === version)?.[0].source ?? name
    out.set(k, factsOfDocs(name, version, source, await readDebDocs(file, name)))
  }
  for (const [facts, other] of linked) {
    const o = out.get(key({ name: other, version: facts.version })) ?? [...out.values()].find((f) => f.name === other)
    if (!o) continue
    const { license, licenseMethod, licensePath, released, fixed, changelog } = o
    Object.assign(facts, { license, licenseMethod, licensePath, released, fixed, changelog })
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
    licensePath: docs.copyright ? `usr/share/doc/${name}/copyright` : null,
    released: new Map(entries.flatMap((e) => (e.date ? [[e.version, e.date] as [string, string]] : []))),
    fixed: fixedCves(entries),
    changelog: entries,
    source,
  }
}

/**
 * One advisory per binary package and CVE its changelog names (id `x_DEBIAN-CHANGELOG-<package>-<CVE>`): each
 * package's own record, so ingesting some of a source's packages later never rewrites another's. Answers merge them
 * with every other record of the CVE (its alias).
 */
export function changelogAdvisories(facts: readonly DebFacts[], now: string): Advisory[] {
  const byId = new Map<string, Advisory>()
  for (const f of facts)
    for (const [cve, entry] of f.fixed) {
      const id = `x_DEBIAN-CHANGELOG-${f.name}-${cve}`
      byId.set(id, {
        id,
        source: CHANGELOG_SOURCE,
        aliases: [cve],
        summary: `${cve} fixed in ${f.source} ${entry.version} (Debian changelog)`,
        details:
          `The Debian changelog of ${f.source} (shipped by ${f.name}) names ${cve} in the entry of version ` +
          `${entry.version} (${entry.distributions}).`,
        published: entry.date || null,
        modified: entry.date || now,
        withdrawn: null,
        severity: [],
        databaseSeverity: null,
        cweIds: [],
        references: [],
        affected: [
          {
            ecosystem: 'Debian',
            purlType: 'deb',
            purlName: `debian/${f.name}`,
            ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: entry.version }] }],
          },
        ],
      })
    }
  return [...byId.values()]
}
