// The repositories Maven would read, from its settings (settings.ts): the active profiles' repositories in order,
// then Maven's central, each replaced by the mirror that matches it (mirrors.ts; repositories one mirror takes are
// read once, through it, enabled where any of them is; a blocked mirror's repositories are not read), with the
// credentials and HTTP headers of the <server> of the same id (the mirror's id when mirrored). Maven's central has a
// public URL compintel never names: it is read only through a mirror the user configured. compintel's
// MAVEN_REPOSITORY_URL replaces all of it with one repository (the id of a mirror or repository with that URL, so its
// server's credentials apply, else `central`). A password or header encrypted with settings-security.xml (`{…}`) is
// refused: compintel does not decrypt Maven's passwords and never sends one it cannot read.
import { PermanentError } from '../../../ingest/failure.ts'
import { configuredHttpUrl, type ReadConfigFile } from '../../../ingest/outbound/config-files.ts'
import { Credential } from '../../../ingest/outbound/credential.ts'
import { mirrorFor } from './mirrors.ts'
import {
  type ChecksumPolicy,
  type MavenSettings,
  type RepositoryPolicy,
  readMavenSettings,
  type SettingsServer,
} from './settings.ts'

export interface MavenRepository {
  /** The id whose <server> applies: the repository's, or its mirror's. */
  id: string
  /** Without user info, ending in `/`. */
  url: string
  releases: RepositoryPolicy
  snapshots: RepositoryPolicy
  /** HTTP Basic from the server's username and password. */
  credential: Credential | undefined
  /** The server's httpHeaders, each value held as a Credential (never printed). */
  headers: { name: string; value: Credential }[]
  /** Where it was configured (a file and element, or MAVEN_REPOSITORY_URL). */
  from: string
}

const ENABLED: RepositoryPolicy = { enabled: true, checksumPolicy: 'warn' }
const DISABLED: RepositoryPolicy = { enabled: false, checksumPolicy: 'warn' }
const STRICTNESS: ChecksumPolicy[] = ['ignore', 'warn', 'fail']

interface Candidate {
  id: string
  url: string | undefined
  releases: RepositoryPolicy
  snapshots: RepositoryPolicy
  from: string
}

/** The repositories in Maven's order, or undefined when none is configured (the maven source then reads Debian). */
export function mavenRepositoriesFromSettings(
  env: Record<string, string | undefined>,
  files: ReadConfigFile,
  o: { repositoryUrl?: string | undefined; settingsFile?: string | undefined } = {},
): MavenRepository[] | undefined {
  const settings = readMavenSettings(env, files, o.settingsFile)
  const candidates = activeRepositories(settings)
  if (o.repositoryUrl) {
    const same = (u: string | undefined) => u !== undefined && slash(u) === slash(o.repositoryUrl as string)
    const named = settings.mirrors.find((m) => same(m.url)) ?? candidates.find((c) => same(c.url))
    const policies = candidates.find((c) => same(c.url)) ?? { releases: ENABLED, snapshots: ENABLED }
    const repo = { ...policies, id: named?.id ?? 'central', url: o.repositoryUrl, from: 'MAVEN_REPOSITORY_URL' }
    return [withServer(repo, settings)]
  }
  const out = new Map<string, Candidate & { url: string }>()
  for (const c of candidates) {
    const mirror = mirrorFor(c, settings.mirrors)
    if (mirror?.blocked) continue
    const url = mirror ? mirror.url : c.url
    if (url === undefined) continue // central, not mirrored: compintel names no repository
    const r = mirror ? { ...c, id: mirror.id, url, from: mirror.from } : { ...c, url }
    const seen = out.get(r.id)
    out.set(
      r.id,
      seen ? { ...seen, releases: merge(seen.releases, r.releases), snapshots: merge(seen.snapshots, r.snapshots) } : r,
    )
  }
  const repos = [...out.values()].map((r) => withServer(r, settings))
  return repos.length > 0 ? repos : undefined
}

/** The active profiles' repositories (default layout), then central. */
function activeRepositories(settings: MavenSettings): Candidate[] {
  const named = settings.profiles.filter((p) => settings.activeProfiles.includes(p.id))
  // Maven: a profile active by default is active only when no other profile of the settings is
  const active = named.length > 0 ? named : settings.profiles.filter((p) => p.activeByDefault)
  const repos = active.flatMap((p) =>
    p.repositories.filter((r) => r.layout === 'default').map((r) => ({ ...r, from: `${p.from} <repository> ${r.id}` })),
  )
  const unique = repos.filter((r, i) => repos.findIndex((q) => q.id === r.id) === i)
  const central = { id: 'central', url: undefined, releases: ENABLED, snapshots: DISABLED, from: "Maven's central" }
  return unique.some((r) => r.id === 'central') ? unique : [...unique, central]
}

function merge(a: RepositoryPolicy, b: RepositoryPolicy): RepositoryPolicy {
  const strict = Math.max(STRICTNESS.indexOf(a.checksumPolicy), STRICTNESS.indexOf(b.checksumPolicy))
  return { enabled: a.enabled || b.enabled, checksumPolicy: STRICTNESS[strict] as ChecksumPolicy }
}

function withServer(r: Candidate & { url: string }, settings: MavenSettings): MavenRepository {
  const url = checkUrl(r.url, r.from)
  const server = settings.servers.find((s) => s.id === r.id)
  if (!server) return { ...r, url, credential: undefined, headers: [] }
  const username = readable(server, 'username', server.username)
  const password = readable(server, 'password', server.password)
  return {
    ...r,
    url,
    credential: username !== undefined ? Credential.basic(username, password ?? '') : undefined,
    headers: server.headers.map(([name, value]) => ({
      name,
      value: Credential.raw(readable(server, `the header ${name}`, value) as string),
    })),
  }
}

/** A value compintel can send: neither encrypted (`{…}`, settings-security.xml) nor an unset `${…}`. */
function readable(server: SettingsServer, what: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined
  const unset = /\$\{([^}]+)\}/.exec(v)
  if (unset) throw new PermanentError(`${server.from}: ${what} names \${${unset[1]}}, which is not set`)
  if (/(^|[^\\])\{[^}]*\}/.test(v))
    throw new PermanentError(
      `${server.from}: ${what} is encrypted (settings-security.xml); compintel does not decrypt Maven passwords and ` +
        `sends none it cannot read: give it in clear, e.g. as \${env.NAME}`,
    )
  return v
}

function checkUrl(raw: string, from: string): string {
  const url = configuredHttpUrl(raw, from, 'repositories')
  if (url.username || url.password)
    throw new PermanentError(`${from}: credentials go in a <server>, not in the repository URL`)
  return slash(url.href)
}

function slash(u: string): string {
  return u.endsWith('/') ? u : `${u}/`
}
