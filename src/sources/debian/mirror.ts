// Where Debian's archive is, for a private apt configuration (docs/debian.md "Reaching the archive"): read from this
// machine's own apt configuration at run time (its Debian entries, one-line `.list` or deb822 `.sources`), never
// written into compintel; DEBIAN_MIRROR (and DEBIAN_SECURITY_MIRROR) override it. The system's sources are only
// read: apt runs with compintel's own configuration (apt.ts).
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export interface DebianMirrors {
  /** The archive (suites such as bookworm, bookworm-updates). */
  archive: string
  /** The security archive (suites such as bookworm-security); '' when the machine names none. */
  security: string
  /** The keyring apt verifies the archive's signatures with ('' = apt's trusted keys). */
  keyring: string
}

interface Entry {
  uri: string
  suite: string
  signedBy: string
}

export function debianMirrors(env: NodeJS.ProcessEnv = process.env): DebianMirrors {
  const entries = machineEntries()
  const security = entries.find((e) => e.suite.endsWith('-security'))
  const archive = entries.find((e) => !e.suite.endsWith('-security'))
  const out = {
    archive: env.DEBIAN_MIRROR || archive?.uri || '',
    security: env.DEBIAN_SECURITY_MIRROR || security?.uri || '',
    keyring: archive?.signedBy || security?.signedBy || defaultKeyring(),
  }
  if (!out.archive)
    throw new Error("no Debian archive in this machine's apt sources: set DEBIAN_MIRROR to a Debian mirror's URL")
  return out
}

function defaultKeyring(): string {
  const k = '/usr/share/keyrings/debian-archive-keyring.gpg'
  return existsSync(k) ? k : ''
}

/** The Debian entries of the machine's apt sources (not its other repositories). */
function machineEntries(): Entry[] {
  const { list, parts } = aptPaths()
  const files = [list, ...(existsSync(parts) ? readdirSync(parts).map((f) => path.join(parts, f)) : [])]
  return files
    .filter((f) => existsSync(f))
    .flatMap((f) => (f.endsWith('.sources') ? deb822Entries(read(f)) : f.endsWith('.list') ? oneLine(read(f)) : []))
    .filter((e) => /\/debian(-security)?\/?$/.test(e.uri))
}

const read = (f: string) => readFileSync(f, 'utf8')

function aptPaths(): { list: string; parts: string } {
  let dump = ''
  try {
    dump = execFileSync('apt-config', ['dump'], { encoding: 'utf8' })
  } catch {
    // no apt here: only DEBIAN_MIRROR can say where the archive is
  }
  const value = (key: string) => new RegExp(`^${key} "([^"]*)";$`, 'm').exec(dump)?.[1] ?? ''
  const dir = path.join('/', value('Dir'), value('Dir::Etc') || 'etc/apt')
  return {
    list: path.join(dir, value('Dir::Etc::sourcelist') || 'sources.list'),
    parts: path.join(dir, value('Dir::Etc::sourceparts') || 'sources.list.d'),
  }
}

/** `deb [options] uri suite components` lines. */
function oneLine(text: string): Entry[] {
  return text.split('\n').flatMap((line) => {
    const m = /^\s*deb\s+(?:\[([^\]]*)\]\s+)?(\S+)\s+(\S+)/.exec(line)
    if (!m) return []
    const signedBy = /(?:^|\s)signed-by=(\S+)/.exec(m[1] ?? '')?.[1] ?? ''
    return [{ uri: (m[2] as string).replace(/\/$/, ''), suite: m[3] as string, signedBy }]
  })
}

/** deb822 `.sources` stanzas with Types: deb. */
function deb822Entries(text: string): Entry[] {
  return text.split(/\n\s*\n/).flatMap((stanza) => {
    const field = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'mi').exec(stanza)?.[1]?.trim() ?? ''
    if (!/(^|\s)deb(\s|$)/.test(field('Types')) || /^no$/i.test(field('Enabled'))) return []
    const signedBy = field('Signed-By').startsWith('/') ? field('Signed-By') : ''
    const uris = field('URIs').split(/\s+/).filter(Boolean)
    const suites = field('Suites').split(/\s+/).filter(Boolean)
    return uris.flatMap((uri) => suites.map((suite) => ({ uri: uri.replace(/\/$/, ''), suite, signedBy })))
  })
}
