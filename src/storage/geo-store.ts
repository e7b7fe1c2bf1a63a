// Geoprovenance on SQL: writes a repository's commit-timing data or its accounts in one transaction each (a rerun
// replaces what the same repository had), and reads them for a batch of repositories in one query per table.
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AuthorOffsets } from '../domain/geoprovenance/origin.ts'
import type {
  DeclaredLocation,
  GeoReader,
  OriginWriter,
  RepoAccount,
  RepoAuthors,
  RepoOrigin,
} from '../domain/geoprovenance/types.ts'
import { ANY_COMPONENT } from '../domain/kb/changes.ts'
import type { Storage } from './database.ts'
import { recordChanges } from './kb-changes.ts'
import { chunks } from './kb-rows.ts'
import type { Database } from './schema.ts'

const CHUNK = 5000

/** This KB's salt for author and account ids: random, drawn once (the first writer wins a race), never exported. */
export async function authorSalt(db: Kysely<Database>): Promise<string> {
  const read = async () =>
    (await db.selectFrom('kb_meta').select('author_salt').where('id', '=', 1).executeTakeFirst())?.author_salt
  const salt = await read()
  if (salt) return salt
  await db
    .updateTable('kb_meta')
    .set({ author_salt: randomBytes(16).toString('hex') })
    .where('id', '=', 1)
    .where('author_salt', 'is', null)
    .execute()
  const drawn = await read()
  if (!drawn) throw new Error('the KB has no metadata row: run compintel migrate')
  return drawn
}

/** A salted, truncated SHA-256: the only form in which an e-mail address or a login reaches the KB. */
export function saltedId(salt: string, value: string): string {
  return createHash('sha256').update(`${salt}:${value.trim().toLowerCase()}`).digest('hex').slice(0, 16)
}

/** Replaces one repository's origin data (its links, authors and offsets) in one transaction. */
export async function writeRepoOrigin(db: Kysely<Database>, r: RepoOrigin): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('origin_author_offsets').where('repo_purl', '=', r.repoPurl).execute()
    await trx.deleteFrom('origin_repo_purls').where('repo_purl', '=', r.repoPurl).execute()
    await trx.deleteFrom('origin_repos').where('repo_purl', '=', r.repoPurl).execute()
    await trx
      .insertInto('origin_repos')
      .values({
        repo_purl: r.repoPurl,
        head: r.head,
        head_date: r.headDate,
        authors: r.authors.length,
        commits: r.authors.reduce((n, a) => n + a.offsets.reduce((m, o) => m + o.commits, 0), 0),
        source: r.source,
        as_of: r.asOf,
      })
      .execute()
    const links = [...new Set([r.repoPurl, ...r.purls])].map((purl) => ({ purl, repo_purl: r.repoPurl }))
    await trx.insertInto('origin_repo_purls').values(links).execute()
    const rows = r.authors.flatMap((a) =>
      a.offsets.map((o) => ({
        repo_purl: r.repoPurl,
        author: a.author,
        offset_minutes: o.offsetMinutes,
        month: o.month,
        commits: o.commits,
        bot: a.bot ? 1 : 0,
      })),
    )
    for (const part of chunks(rows, 6)) await trx.insertInto('origin_author_offsets').values(part).execute()
    // package purls answer from their source repository too: any component's answer may change
    await recordChanges(trx, [ANY_COMPONENT])
  })
}

/**
 * Origin records from ingestion (Debian changelogs): authors arrive as e-mail addresses and are stored as this KB's
 * salted hashes; the package purls linked to the repository before stay linked (a run that reads some of a source
 * package's binaries does not unlink the others).
 */
export class SqlOriginWriter implements OriginWriter {
  /** The KB's salt, drawn once and never changed: read by the first write. */
  private salt: Promise<string> | undefined

  constructor(private readonly db: Kysely<Database>) {}

  async writeOrigin(r: RepoOrigin): Promise<void> {
    this.salt ??= authorSalt(this.db)
    const salt = await this.salt
    const linked = await this.db
      .selectFrom('origin_repo_purls')
      .select('purl')
      .where('repo_purl', '=', r.repoPurl)
      .execute()
    await writeRepoOrigin(this.db, {
      ...r,
      purls: [...new Set([...linked.map((l) => l.purl).filter((p) => p !== r.repoPurl), ...r.purls])].sort(),
      authors: r.authors.map((a) => ({ ...a, author: saltedId(salt, a.author) })),
    })
  }
}

/** Replaces one repository's accounts (role and declared location) in one transaction. */
export async function writeRepoAccounts(
  db: Kysely<Database>,
  repoPurl: string,
  accounts: readonly RepoAccount[],
  source: string,
  asOf: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('geo_repo_accounts').where('repo_purl', '=', repoPurl).execute()
    const unique = [...new Map(accounts.map((a) => [a.account, a])).values()]
    for (const part of chunks(unique, 4))
      await trx
        .insertInto('geo_accounts')
        .values(part.map((a) => ({ account: a.account, location: a.location, source, as_of: asOf })))
        .onConflict((oc) =>
          oc.column('account').doUpdateSet((eb) => ({
            location: eb.ref('excluded.location'),
            source: eb.ref('excluded.source'),
            as_of: eb.ref('excluded.as_of'),
          })),
        )
        .execute()
    const rows = unique.map((a) => ({ repo_purl: repoPurl, account: a.account, role: a.role, source, as_of: asOf }))
    for (const part of chunks(rows, 5)) await trx.insertInto('geo_repo_accounts').values(part).execute()
    await recordChanges(trx, [ANY_COMPONENT]) // an account's location is shared by every repository it is in
  })
}

export class SqlGeoReader implements GeoReader {
  constructor(private readonly storage: Storage) {}

  async linkedRepos(purls: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>()
    for (let i = 0; i < purls.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('origin_repo_purls')
        .select(['purl', 'repo_purl'])
        .where('purl', 'in', purls.slice(i, i + CHUNK))
        .execute()
      for (const r of rows) push(out, r.purl, r.repo_purl)
    }
    return out
  }

  async authorOffsets(repos: readonly string[]): Promise<Map<string, RepoAuthors>> {
    const byAuthor = new Map<string, { repo: string; source: string; a: AuthorOffsets }>()
    for (let i = 0; i < repos.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('origin_author_offsets as o')
        .innerJoin('origin_repos as r', 'r.repo_purl', 'o.repo_purl')
        .select(['o.repo_purl', 'r.source', 'o.author', 'o.offset_minutes', 'o.month', 'o.commits', 'o.bot'])
        .where('o.repo_purl', 'in', repos.slice(i, i + CHUNK))
        .orderBy('o.repo_purl')
        .orderBy('o.author')
        .orderBy('o.offset_minutes')
        .orderBy('o.month')
        .execute()
      for (const r of rows) {
        const k = `${r.repo_purl}\u0000${r.author}`
        let entry = byAuthor.get(k)
        if (!entry) {
          entry = { repo: r.repo_purl, source: r.source, a: { bot: r.bot === 1, commits: [] } }
          byAuthor.set(k, entry)
        }
        entry.a.commits.push({
          offsetMinutes: r.offset_minutes,
          ...(r.month ? { month: r.month } : {}),
          count: r.commits,
        })
      }
    }
    const out = new Map<string, RepoAuthors>()
    for (const { repo, source, a } of byAuthor.values()) {
      const known = out.get(repo)
      if (known) known.authors.push(a)
      else out.set(repo, { source, authors: [a] })
    }
    return out
  }

  async declared(repos: readonly string[]): Promise<Map<string, DeclaredLocation[]>> {
    const out = new Map<string, DeclaredLocation[]>()
    for (let i = 0; i < repos.length; i += CHUNK) {
      const rows = await this.storage.read
        .selectFrom('geo_repo_accounts as r')
        .innerJoin('geo_accounts as a', 'a.account', 'r.account')
        .select(['r.repo_purl', 'r.role', 'a.location'])
        .where('r.repo_purl', 'in', repos.slice(i, i + CHUNK))
        .where('a.location', 'is not', null)
        .orderBy('r.repo_purl')
        .orderBy('r.role', 'desc')
        .orderBy('r.account')
        .execute()
      for (const r of rows) if (r.location?.trim()) push(out, r.repo_purl, { type: r.role, location: r.location })
    }
    return out
  }

  async contributorCounts(repos: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>()
    for (let i = 0; i < repos.length; i += CHUNK) {
      const part = repos.slice(i, i + CHUNK)
      const [authors, accounts] = await Promise.all([
        this.storage.read
          .selectFrom('origin_repos')
          .select(['repo_purl', 'authors'])
          .where('repo_purl', 'in', part)
          .execute(),
        this.storage.read
          .selectFrom('geo_repo_accounts')
          .select(({ fn }) => ['repo_purl', fn.countAll<number>().as('n')])
          .where('repo_purl', 'in', part)
          .groupBy('repo_purl')
          .execute(),
      ])
      for (const r of authors) out.set(r.repo_purl, Math.max(out.get(r.repo_purl) ?? 0, r.authors))
      for (const r of accounts) out.set(r.repo_purl, Math.max(out.get(r.repo_purl) ?? 0, Number(r.n)))
    }
    return out
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
