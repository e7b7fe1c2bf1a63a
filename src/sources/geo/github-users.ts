// The GitHub users connector: a repository's owner and contributors (REST API, token from the user) with the free-
// text `location` each account publishes. Logins are hashed with this KB's salt at once; only the hash, the role
// and the location are kept. Bots (`type: Bot`) are left out. Tested against recorded responses in the API's shape.
import type { RepoAccount } from '../../domain/geoprovenance/types.ts'

export const GITHUB_USERS_SOURCE = 'github-users'
export const DEFAULT_GITHUB_API = 'https://api.github.com'

export interface GithubOptions {
  apiUrl: string
  token: string | undefined
  /** Contributors read per repository (the API lists at most 500 with their logins). */
  maxContributors: number
  fetch?: typeof fetch
}

interface Account {
  login?: string
  type?: string
  location?: string | null
}

class GithubError extends Error {
  override readonly name = 'GithubError'
}

async function get<T>(opts: GithubOptions, path: string): Promise<T | undefined> {
  const res = await (opts.fetch ?? fetch)(new URL(path, opts.apiUrl.endsWith('/') ? opts.apiUrl : `${opts.apiUrl}/`), {
    headers: {
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'user-agent': 'compintel',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
  })
  if (res.status === 404) return undefined
  if (res.status === 403 || res.status === 429) {
    const reset = res.headers.get('x-ratelimit-reset')
    throw new GithubError(
      `GitHub API rate limit or forbidden (HTTP ${res.status})${reset ? `; resets at ${new Date(Number(reset) * 1000).toISOString()}` : ''}`,
    )
  }
  if (!res.ok) throw new GithubError(`GitHub API ${path}: HTTP ${res.status}`)
  return (await res.json()) as T
}

/** The owner and contributors of owner/name with their locations; undefined when the repository does not exist. */
export async function readGithubAccounts(
  owner: string,
  name: string,
  opts: GithubOptions,
  salt: (login: string) => string,
): Promise<RepoAccount[] | undefined> {
  const repo = await get<{ owner?: Account }>(opts, `repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`)
  if (!repo) return undefined
  const logins: { login: string; role: RepoAccount['role'] }[] = []
  if (repo.owner?.login) logins.push({ login: repo.owner.login, role: 'owner' })
  for (let page = 1; logins.length <= opts.maxContributors; page++) {
    const list = await get<Account[]>(
      opts,
      `repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/contributors?per_page=100&page=${page}`,
    )
    if (!list || list.length === 0) break
    for (const c of list)
      if (
        c.login &&
        c.type !== 'Bot' &&
        !logins.some((l) => l.login === c.login) &&
        logins.length <= opts.maxContributors
      )
        logins.push({ login: c.login, role: 'contributor' })
    if (list.length < 100) break
  }
  const accounts: RepoAccount[] = []
  for (const { login, role } of logins) {
    const user = await get<Account>(opts, `users/${encodeURIComponent(login)}`)
    const location = typeof user?.location === 'string' && user.location.trim() !== '' ? user.location.trim() : null
    accounts.push({ account: salt(login), role, location })
  }
  return accounts
}
