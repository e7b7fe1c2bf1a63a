// Which PyPI index the user configured, read as pip reads it (pip's configuration.py and its network auth): the
// files in pip's order, later ones overriding earlier ones — the global files ($XDG_CONFIG_DIRS, /etc/xdg by
// default, then /etc: `pip/pip.conf` and `pip.conf`), the user's (~/.pip/pip.conf, then $XDG_CONFIG_HOME or
// ~/.config `pip/pip.conf`; skipped when PIP_CONFIG_FILE names a file that exists), then PIP_CONFIG_FILE (no file
// at all when it is /dev/null) — each file's `[global]` section under its `[install]` one, then PIP_INDEX_URL /
// PIP_EXTRA_INDEX_URL / PIP_NO_INDEX over all of them, and compintel's PYPI_INDEX_URL (config/growth.ts) over
// everything. Credentials come from the URL's user info, else from netrc ($NETRC, else ~/.netrc) for the URL's host;
// they are held as a Credential (never printed) and taken out of the URL.
import path from 'node:path'
import { configuredHttpUrl, type ReadConfigFile } from '../../../ingest/outbound/config-files.ts'
import { Credential } from '../../../ingest/outbound/credential.ts'
import { netrcFor, readNetrc } from './netrc.ts'
import { parsePipIni } from './pip-ini.ts'

export interface PypiIndex {
  /** The index URL without user info, ending in `/` (PEP 503: `<url><normalised name>/`). */
  url: string
  credential: Credential | undefined
  /** Where it was configured: a setting's name or a configuration file. */
  from: string
}

export interface PypiIndexConfig {
  index: PypiIndex
  /** pip's extra-index-url: further indexes searched as well. */
  extra: PypiIndex[]
}

/** pip's `install` command reads its own section over `[global]`. */
const SECTIONS = ['global', 'install']
const TRUE = new Set(['1', 'true', 'yes', 'on'])

/**
 * The index pip would use, or undefined when none is configured (pip would use its default, which compintel does
 * not assume: the source then learns from Debian only) or when no-index is set. `setting`: PYPI_INDEX_URL.
 */
export function pypiIndexFromEnv(
  env: Record<string, string | undefined>,
  files: ReadConfigFile,
  setting?: string,
): PypiIndexConfig | undefined {
  const values = new Map<string, { value: string; from: string }>()
  for (const file of pipConfigFiles(env, files)) {
    const text = files(file)
    if (text === undefined) continue
    const ini = parsePipIni(text, file)
    for (const s of SECTIONS)
      for (const [k, value] of ini.get(s) ?? []) values.set(k, { value, from: `${file} [${s}]` })
  }
  for (const [k, name] of [
    ['index-url', 'PIP_INDEX_URL'],
    ['extra-index-url', 'PIP_EXTRA_INDEX_URL'],
    ['no-index', 'PIP_NO_INDEX'],
  ] as const) {
    const value = env[name]
    if (value !== undefined && value !== '') values.set(k, { value, from: name })
  }
  if (setting) values.set('index-url', { value: setting, from: 'PYPI_INDEX_URL' })
  else if (TRUE.has(values.get('no-index')?.value.trim().toLowerCase() ?? '')) return undefined
  const index = values.get('index-url')
  if (!index || index.value.trim() === '') return undefined
  const netrc = readNetrc(env, files)
  const extra = values.get('extra-index-url')
  return {
    index: pypiIndex(index.value.trim(), index.from, netrc),
    // pip also reads local folders and file: URLs as extra indexes; compintel reads http(s) indexes only
    extra: (extra?.value.split(/\s+/) ?? [])
      .filter((u) => /^https?:\/\//i.test(u))
      .map((u) => pypiIndex(u, extra?.from ?? '', netrc)),
  }
}

/** pip's configuration files, lowest precedence first. */
export function pipConfigFiles(env: Record<string, string | undefined>, files: ReadConfigFile): string[] {
  const home = env.HOME ?? ''
  const xdgDirs = (env.XDG_CONFIG_DIRS || '/etc/xdg').split(':').filter(Boolean)
  const global = [...xdgDirs.map((d) => path.join(d, 'pip', 'pip.conf')), '/etc/pip.conf']
  const envFile = env.PIP_CONFIG_FILE
  if (envFile === '/dev/null') return [] // pip: os.devnull loads no configuration file at all
  const user = [
    path.join(home, '.pip', 'pip.conf'),
    path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'pip', 'pip.conf'),
  ]
  const skipUser = envFile !== undefined && files(envFile) !== undefined
  return [...global, ...(skipUser || !home ? [] : user), ...(envFile ? [envFile] : [])]
}

function pypiIndex(raw: string, from: string, netrc: string | undefined): PypiIndex {
  const url = configuredHttpUrl(raw, from, 'indexes')
  let credential: Credential | undefined
  if (url.username) credential = Credential.basic(decodeURIComponent(url.username), decodeURIComponent(url.password))
  else if (netrc) {
    const entry = netrcFor(netrc, url.hostname)
    if (entry) credential = Credential.basic(entry.login, entry.password)
  }
  url.username = ''
  url.password = ''
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  return { url: url.href, credential, from }
}

/**
 * The JSON API's base for an index (`<base>pypi/<name>/json`), as clients that read both derive it: the public index
 * and the mirrors that serve both (Nexus, Artifactory, devpi-like layouts) put the Simple API at `<base>simple/`, so
 * the base is the index URL without its last `simple` segment. An index URL that does not end so has no JSON API
 * compintel can name: undefined (the Simple API alone is read).
 */
export function jsonApiBase(indexUrl: string): string | undefined {
  const url = new URL(indexUrl)
  const m = /^(.*\/)\+?simple\/?$/.exec(url.pathname)
  if (!m) return undefined
  url.pathname = m[1] as string
  url.search = ''
  return url.href
}
