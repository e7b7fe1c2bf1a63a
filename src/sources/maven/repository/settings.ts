// Maven's settings.xml, read as Maven reads it (the Maven settings reference; its DefaultSettingsBuilder and
// SettingsUtils.merge): the global file ($MAVEN_HOME/conf/settings.xml) and the user's (~/.m2/settings.xml, or the
// file compintel's MAVEN_SETTINGS names as Maven's `-s` would, which must then exist), the user's dominant — its
// mirrors, servers and profiles first, the global file's added where their id is not already there, the active profile
// ids of both. `${env.X}` (the environment) and `${user.home}` are replaced in every value, as Maven interpolates
// the settings; an expression nothing defines is left as written. Only what choosing a repository needs is read.
import path from 'node:path'
import { PermanentError } from '../../../ingest/failure.ts'
import type { ReadConfigFile } from '../../../ingest/outbound/config-files.ts'
import { child, children, parseXml, textOf, type XmlNode } from './xml.ts'

export type ChecksumPolicy = 'fail' | 'warn' | 'ignore'

export interface RepositoryPolicy {
  enabled: boolean
  checksumPolicy: ChecksumPolicy
}

interface SettingsRepository {
  id: string
  url: string
  layout: string
  releases: RepositoryPolicy
  snapshots: RepositoryPolicy
}

export interface SettingsMirror {
  id: string
  url: string
  mirrorOf: string
  /** Maven 3.8.1+: a blocked mirror stops the repositories it matches from being used at all. */
  blocked: boolean
  from: string
}

export interface SettingsServer {
  id: string
  username: string | undefined
  password: string | undefined
  /** `<configuration><httpHeaders><property><name>/<value>`. */
  headers: [string, string][]
  from: string
}

interface SettingsProfile {
  id: string
  activeByDefault: boolean
  repositories: SettingsRepository[]
  from: string
}

export interface MavenSettings {
  mirrors: SettingsMirror[]
  servers: SettingsServer[]
  profiles: SettingsProfile[]
  activeProfiles: string[]
  /** The files read, global first. */
  files: string[]
}

/** The merged settings of the global and user files (none: empty settings). `settingsFile`: MAVEN_SETTINGS. */
export function readMavenSettings(
  env: Record<string, string | undefined>,
  files: ReadConfigFile,
  settingsFile?: string,
): MavenSettings {
  const global = env.MAVEN_HOME ? path.join(env.MAVEN_HOME, 'conf', 'settings.xml') : undefined
  const user = settingsFile ?? (env.HOME ? path.join(env.HOME, '.m2', 'settings.xml') : undefined)
  const userText = user ? files(user) : undefined
  if (settingsFile && userText === undefined)
    throw new PermanentError(`MAVEN_SETTINGS: the settings file ${settingsFile} does not exist`)
  const globalText = global ? files(global) : undefined
  const read = [
    ...(user && userText !== undefined ? [parseSettings(userText, user, env)] : []),
    ...(global && globalText !== undefined ? [parseSettings(globalText, global, env)] : []),
  ]
  const byId = <T extends { id: string }>(lists: T[][]): T[] => {
    const out = new Map<string, T>()
    for (const list of lists) for (const item of list) if (!out.has(item.id)) out.set(item.id, item)
    return [...out.values()]
  }
  return {
    mirrors: byId(read.map((s) => s.mirrors)),
    servers: byId(read.map((s) => s.servers)),
    profiles: byId(read.map((s) => s.profiles)),
    activeProfiles: [...new Set(read.flatMap((s) => s.activeProfiles))],
    files: read.map((s) => s.files[0] as string).reverse(),
  }
}

/** One settings file. */
export function parseSettings(text: string, file: string, env: Record<string, string | undefined>): MavenSettings {
  const doc = parseXml(text, file)
  if (doc instanceof Error) throw new PermanentError(doc.message)
  const root = doc.settings
  if (root === undefined) throw new PermanentError(`${file}: no <settings> element`)
  const settings = Array.isArray(root) ? root[0] : root
  const value = (node: XmlNode | undefined, name: string) => interpolate(textOf(node, name), env)
  const mirrors = children(child(settings, 'mirrors'), 'mirror').flatMap((m) => {
    const id = value(m, 'id') ?? 'default'
    const url = value(m, 'url')
    const mirrorOf = value(m, 'mirrorOf')
    if (!url || !mirrorOf) return []
    return [{ id, url, mirrorOf, blocked: value(m, 'blocked') === 'true', from: `${file} <mirror> ${id}` }]
  })
  const servers = children(child(settings, 'servers'), 'server').flatMap((s) => {
    const id = value(s, 'id')
    if (!id) return []
    const headers = children(child(child(s, 'configuration'), 'httpHeaders'), 'property').flatMap((p) => {
      const name = value(p, 'name')
      const v = value(p, 'value')
      return name && v !== undefined ? [[name, v] as [string, string]] : []
    })
    return [
      {
        id,
        username: value(s, 'username'),
        password: value(s, 'password'),
        headers,
        from: `${file} <server> ${id}`,
      },
    ]
  })
  const profiles = children(child(settings, 'profiles'), 'profile').flatMap((p) => {
    const id = value(p, 'id') ?? 'default'
    const repositories = children(child(p, 'repositories'), 'repository').flatMap((r) => {
      const rid = value(r, 'id')
      const url = value(r, 'url')
      if (!rid || !url) return []
      return [
        {
          id: rid,
          url,
          layout: value(r, 'layout') ?? 'default',
          releases: policy(child(r, 'releases'), value),
          snapshots: policy(child(r, 'snapshots'), value),
        },
      ]
    })
    const activeByDefault = value(child(p, 'activation'), 'activeByDefault') === 'true'
    return [{ id, activeByDefault, repositories, from: `${file} <profile> ${id}` }]
  })
  const activeProfiles = children(child(settings, 'activeProfiles'), 'activeProfile').flatMap((a) => {
    const id = typeof a === 'string' ? interpolate(a, env) : undefined
    return id ? [id] : []
  })
  return { mirrors, servers, profiles, activeProfiles, files: [file] }
}

/** `<releases>` / `<snapshots>`: enabled unless `<enabled>false`; checksums `warn` unless told otherwise (Maven's defaults). */
function policy(
  node: XmlNode | undefined,
  value: (n: XmlNode | undefined, name: string) => string | undefined,
): RepositoryPolicy {
  const checksum = value(node, 'checksumPolicy')
  return {
    enabled: value(node, 'enabled') !== 'false',
    checksumPolicy: checksum === 'fail' || checksum === 'ignore' ? checksum : 'warn',
  }
}

/** `${env.X}` and `${user.home}` replaced; any other expression, or one nothing defines, left as written. */
export function interpolate(v: string | undefined, env: Record<string, string | undefined>): string | undefined {
  if (v === undefined) return undefined
  return v.replace(/\$\{([^}]+)\}/g, (whole, expr: string) => {
    const value = expr.startsWith('env.') ? env[expr.slice(4)] : expr === 'user.home' ? env.HOME : undefined
    return value ?? whole
  })
}
