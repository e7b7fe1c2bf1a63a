// The suites' indexes a process keeps (docs/debian.md "On demand"): fetched through apt on the first Debian unit and
// again once older than DEBIAN_INDEX_TTL, one fetch at a time, and parsed once per fetch, not once per unit. apt
// never updates the folder while a unit reads its indexes or downloads through it, and the units that come during a
// fetch wait for it. What is kept: every binary package's records of the suites (about 140 MB of heap for bookworm's
// main with its updates and security suites, 64,000 packages), their Release dates and the virtual packages'
// providers; and the repackaged Python distributions, crates, Maven artifacts and Go modules their Contents indexes
// list (contents.ts: a few thousand entries, about 5 s to read bookworm's 700 MB), Go modules without go.mod found by
// the import path their source package names (its Sources stanza's Go-Import-Path: indexes.ts, about 1 s). A suite
// whose Contents index is missing (apt.ts: a mirror mid-sync) has its crates read from its Packages index instead
// (debcargo.ts), and no Python distribution.
import path from 'node:path'
import type { AptArchive, IndexFile } from './apt.ts'
import { type RepackagedIndex, readRepackaged } from './contents.ts'
import { cratesOfSuites } from './debcargo.ts'
import { type BinaryRecord, readGoImportPaths, readPackages, releaseDates } from './indexes.ts'
import { providersOf } from './selection.ts'

/** The suites' indexes as a run reads them. */
export interface ParsedIndexes {
  packages: Map<string, BinaryRecord[]>
  /** The newest Release date of each suite. */
  dates: Map<string, string>
  /** Each virtual package's first provider (selection.ts providersOf). */
  providers: Map<string, string>
  /** The upstream libraries the packages repackage (PyPI distributions, crates), from the Contents indexes. */
  repackaged: RepackagedIndex
  /**
   * The Go import paths each source package names (its Sources stanza's `Go-Import-Path`; the first its own): the
   * modules its packages are the versions of (a module only bundled in its gocode tree is not).
   */
  goImportPaths: Map<string, string[]>
  /** The suites without a Contents index, their crates read from their Packages index (debcargo.ts). */
  contentsMissing: string[]
  /** Why the stanzas refused were refused; the suites without Contents. */
  refused: string[]
}

/** Reads the indexes apt downloaded (apt.ts). */
export async function parseIndexes(
  archive: Pick<AptArchive, 'indexes' | 'releaseFiles' | 'contentsFiles'>,
): Promise<ParsedIndexes> {
  const refused: string[] = []
  const indexes = archive.indexes()
  const packages = await readPackages(indexes, (why) => refused.push(why))
  const contents = archive.contentsFiles()
  const missing = suitesWithoutContents(indexes, contents)
  for (const suite of missing)
    refused.push(
      `${suite}: no Contents index; its crates are read from its Packages index, its Python distributions unknown`,
    )
  const derived = cratesOfSuites(packages, new Set(missing), (why) => refused.push(why))
  const importPaths = await readGoImportPaths(indexes, (why) => refused.push(why))
  // a folder usr/share/gocode/src/<path>/ of a package whose source names that Go import path (Go-Import-Path)
  const goImported = (p: string, pkg: string) => {
    const sources = importPaths.get(p)
    return sources !== undefined && (packages.get(pkg) ?? []).some((r) => sources.has(r.source))
  }
  const repackaged = await readRepackaged(contents, (why) => refused.push(why), derived, goImported)
  return {
    packages,
    dates: releaseDates(archive.releaseFiles()),
    providers: providersOf(packages),
    repackaged,
    goImportPaths: pathsBySource(importPaths),
    contentsMissing: missing,
    refused,
  }
}

/** Each source package's import paths, from the paths' sources (in the order the Sources indexes list them). */
function pathsBySource(importPaths: ReadonlyMap<string, ReadonlySet<string>>): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const [p, sources] of importPaths) for (const s of sources) out.set(s, [...(out.get(s) ?? []), p])
  return out
}

/** The suites with a Packages index but no Contents index of their own (`<suite>/main`, this architecture's or all's). */
export function suitesWithoutContents(indexes: readonly IndexFile[], contentsFiles: readonly string[]): string[] {
  const withContents = new Set(contentsFiles.map((f) => /_dists_([a-z]+)_main_Contents-/.exec(path.basename(f))?.[1]))
  const suites = new Set(indexes.filter((i) => i.kind === 'Packages').map((i) => i.suite))
  return [...suites].filter((s) => !withContents.has(s)).sort()
}

/**
 * Indexes shared by concurrent units: `read` runs its work once the indexes are no older than the TTL (fetching and
 * parsing them when they are, or waiting for the fetch under way), and a fetch waits until no work reads them.
 */
export class SharedIndexes<A extends { update(): Promise<void> }, P = undefined> {
  private archive: A | undefined
  private parsed: P | undefined
  private fetchedAt: number | undefined
  private fetching: Promise<void> | undefined
  private readers = 0
  /** Units waiting for the fetch under way: they read as soon as it ends, before any other fetch starts. */
  private waiting = 0
  private drained: (() => void)[] = []

  constructor(
    /** Called when the first fetch starts (the mirrors are read then, not when the server starts). */
    private readonly make: () => A,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /** What each fetch's indexes are read as, once (none: the units read the files themselves). */
    private readonly parse: (archive: A) => Promise<P> = async () => undefined as P,
  ) {}

  async read<T>(use: (archive: A, parsed: P) => Promise<T>): Promise<T> {
    if (this.fetching || this.fetchedAt === undefined || this.now() - this.fetchedAt >= this.ttlMs) {
      this.waiting++
      this.fetching ??= this.fetch()
      await this.fetching // its failure is every waiting unit's; the next unit fetches again
    } else this.readers++
    try {
      return await use(this.archive as A, this.parsed as P)
    } finally {
      this.readers--
      if (this.readers === 0) for (const wake of this.drained.splice(0)) wake()
    }
  }

  private async fetch(): Promise<void> {
    try {
      await new Promise<void>((resolve) => (this.readers === 0 ? resolve() : this.drained.push(resolve)))
      this.archive ??= this.make()
      this.parsed = undefined // the old records go before the new ones are read: one copy in memory at a time
      this.fetchedAt = undefined
      await this.archive.update()
      this.parsed = await this.parse(this.archive)
      this.fetchedAt = this.now()
      this.readers += this.waiting
    } finally {
      this.waiting = 0
      this.fetching = undefined
    }
  }
}
