// Types of the geoprovenance area (docs/geoprovenance.md): what the KB holds about where a
// repository's contributors are, and the port the domain reads it through.
import type { AuthorOffsets } from './origin.ts'

/** A free-text location an account publishes, and the account's role in the repository. */
export interface DeclaredLocation {
  type: 'owner' | 'contributor'
  location: string
}

/** One repository's commit-timing data as an ingest source gives it. */
export interface RepoOrigin {
  /** pkg:github/owner/name, or a Debian source package (pkg:deb/debian/<source>?arch=source) */
  repoPurl: string
  head: string | null
  headDate: string | null
  /** Package purls (canonical, without version) that this repository is the source of. */
  purls: string[]
  authors: { author: string; bot: boolean; offsets: { offsetMinutes: number; month: string; commits: number }[] }[]
  source: string
  asOf: string
}

/** One account's declared location and role in a repository, as a connector gives it. */
export interface RepoAccount {
  /** Already hashed: never a login. */
  account: string
  role: 'owner' | 'contributor'
  location: string | null
}

/** A repository's authors' offsets and the source of its origin record (commit-timezones, git, debian-changelog). */
export interface RepoAuthors {
  source: string
  authors: AuthorOffsets[]
}

/** Where ingestion writes origin records (authors as e-mail addresses: the writer keeps only salted hashes). */
export interface OriginWriter {
  /** Replaces the record of `r.repoPurl`; the package purls linked to it before stay linked. */
  writeOrigin(r: RepoOrigin): Promise<void>
}

export interface GeoReader {
  /** The repositories linked to these package purls (canonical, without version) by an ingest source. */
  linkedRepos(purls: readonly string[]): Promise<Map<string, string[]>>
  /** The commit offsets of each repository's authors, and the source they were recorded from. */
  authorOffsets(repos: readonly string[]): Promise<Map<string, RepoAuthors>>
  /** The declared locations of each repository's accounts (accounts without a location are left out). */
  declared(repos: readonly string[]): Promise<Map<string, DeclaredLocation[]>>
  /** Distinct contributors known per repository: commit authors or accounts, whichever is more. */
  contributorCounts(repos: readonly string[]): Promise<Map<string, number>>
}
