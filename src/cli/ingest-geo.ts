// `compintel ingest commit-timezones | git | github-users`: geoprovenance data into the KB (docs/geoprovenance.md).
// Each repository is written in one transaction; a rerun replaces what the same repository had.
import { existsSync, statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Config } from '../config/config.ts'
import { canonicalPurl, tryParsePurl } from '../domain/shared/purl.ts'
import { readCommitTimezones } from '../sources/geo/commit-timezones.ts'
import { readGitHistory } from '../sources/geo/git-log.ts'
import { DEFAULT_GITHUB_API, GITHUB_USERS_SOURCE, readGithubAccounts } from '../sources/geo/github-users.ts'
import { openStorage, type Storage } from '../storage/database.ts'
import { authorSalt, saltedId, writeRepoAccounts, writeRepoOrigin } from '../storage/geo-store.ts'
import { migrate } from '../storage/migrate.ts'
import { INGEST_USAGE } from './ingest-usage.ts'

type Out = (line: string) => void

export async function runIngestGeo(
  config: Config,
  kind: string,
  argv: string[],
  out: Out = console.log,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      purl: { type: 'string', multiple: true },
      token: { type: 'string' },
      'api-url': { type: 'string' },
      'max-contributors': { type: 'string' },
    },
  })
  if (positionals.length === 0) throw new Error(`no input given\nusage: ${INGEST_USAGE}`)
  const storage = openStorage(config.database)
  try {
    await migrate(storage)
    const salt = await authorSalt(storage.db)
    const hash = (v: string) => saltedId(salt, v)
    if (kind === 'commit-timezones') return await commitTimezones(storage, positionals, hash, out)
    if (kind === 'git') return await gitHistory(storage, positionals, values.purl ?? [], hash, out)
    const max = values['max-contributors'] === undefined ? 500 : Number(values['max-contributors'])
    if (!Number.isInteger(max) || max < 1 || max > 100_000) throw new Error('--max-contributors: expected 1 to 100000')
    const opts = {
      apiUrl: values['api-url'] ?? DEFAULT_GITHUB_API,
      token: values.token ?? process.env.GITHUB_TOKEN,
      maxContributors: max,
    }
    return await githubUsers(storage, positionals, opts, hash, out)
  } finally {
    await storage.close()
  }
}

async function commitTimezones(storage: Storage, files: string[], hash: (v: string) => string, out: Out) {
  for (const f of files) if (!existsSync(f)) throw new Error(`${f}: no such file`)
  let repos = 0
  let authors = 0
  for (const f of files)
    for await (const r of readCommitTimezones(f, hash)) {
      await writeRepoOrigin(storage.db, r)
      repos++
      authors += r.authors.length
    }
  out(`ingest commit-timezones: ${repos} repositories, ${authors} authors`)
  return 0
}

async function gitHistory(storage: Storage, dirs: string[], purls: string[], hash: (v: string) => string, out: Out) {
  if (dirs.length !== 1) throw new Error('ingest git: one clone at a time')
  const dir = dirs[0] as string
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`${dir}: not a directory`)
  const parsed = purls.map((p) => {
    const v = tryParsePurl(p)
    if (!v) throw new Error(`--purl ${p}: not a valid purl`)
    return canonicalPurl(v)
  })
  const repo = parsed.find((p) => p.startsWith('pkg:github/'))
  if (!repo) throw new Error('ingest git: give the repository as --purl pkg:github/OWNER/NAME')
  const r = await readGitHistory(
    dir,
    repo,
    parsed.filter((p) => p !== repo),
    hash,
  )
  await writeRepoOrigin(storage.db, r)
  const commits = r.authors.reduce((n, a) => n + a.offsets.reduce((m, o) => m + o.commits, 0), 0)
  out(
    `ingest git: ${repo}: ${commits} commits, ${r.authors.length} authors${r.skipped ? `, ${r.skipped} unreadable lines skipped` : ''}`,
  )
  return 0
}

async function githubUsers(
  storage: Storage,
  repos: string[],
  opts: { apiUrl: string; token: string | undefined; maxContributors: number },
  hash: (v: string) => string,
  out: Out,
) {
  let failed = 0
  for (const arg of repos) {
    const m = /^(?:pkg:github\/)?([^/\s@]+)\/([^/\s@]+)$/.exec(arg)
    if (!m) throw new Error(`${arg}: expected pkg:github/OWNER/NAME or OWNER/NAME`)
    const [owner, name] = [(m[1] as string).toLowerCase(), (m[2] as string).toLowerCase()]
    const accounts = await readGithubAccounts(owner, name, opts, hash)
    if (!accounts) {
      out(`ingest github-users: ${owner}/${name}: not found`)
      failed++
      continue
    }
    await writeRepoAccounts(
      storage.db,
      `pkg:github/${owner}/${name}`,
      accounts,
      GITHUB_USERS_SOURCE,
      new Date().toISOString(),
    )
    const located = accounts.filter((a) => a.location).length
    out(`ingest github-users: ${owner}/${name}: ${accounts.length} accounts, ${located} with a location`)
  }
  return failed > 0 ? 1 : 0
}
