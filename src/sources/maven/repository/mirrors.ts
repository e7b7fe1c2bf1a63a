// Which <mirror> takes a repository's place, as Maven's DefaultMirrorSelector chooses it: a mirror whose mirrorOf is
// the repository's id exactly, else the first whose pattern matches. A pattern is a comma-separated list of `*`
// (every repository), `external:*` (every repository not on localhost or 127.0.0.1 and not a file: URL),
// `external:http:*` (those of them over plain http), an id, or `!id` (excluded, which ends the matching). Only the
// default layout is read, so a mirror's <mirrorOfLayouts> is not.
import type { SettingsMirror } from './settings.ts'

export interface MirroredRepository {
  id: string
  /** Maven's central has no URL here: compintel names no repository of its own, but central counts as external. */
  url: string | undefined
}

export function mirrorFor(repo: MirroredRepository, mirrors: readonly SettingsMirror[]): SettingsMirror | undefined {
  return mirrors.find((m) => m.mirrorOf === repo.id) ?? mirrors.find((m) => matchesPattern(repo, m.mirrorOf))
}

export function matchesPattern(repo: MirroredRepository, pattern: string): boolean {
  if (pattern === '*' || pattern === repo.id) return true
  let result = false
  for (const raw of pattern.split(',')) {
    const part = raw.trim()
    if (part.length > 1 && part.startsWith('!')) {
      if (part.slice(1) === repo.id) return false
    } else if (part === repo.id) return true
    else if (part === 'external:*' && isExternal(repo)) result = true
    else if (part === 'external:http:*' && isExternal(repo) && protocolOf(repo) === 'http:') result = true
    else if (part === '*') result = true
  }
  return result
}

function isExternal(repo: MirroredRepository): boolean {
  if (repo.url === undefined) return true
  const protocol = protocolOf(repo)
  const host = URL.canParse(repo.url) ? new URL(repo.url).hostname : ''
  return protocol !== 'file:' && host !== 'localhost' && host !== '127.0.0.1'
}

function protocolOf(repo: MirroredRepository): string {
  // Maven's central is https
  if (repo.url === undefined) return 'https:'
  return URL.canParse(repo.url) ? new URL(repo.url).protocol : ''
}
