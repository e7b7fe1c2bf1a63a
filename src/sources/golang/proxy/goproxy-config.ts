// Which module proxies the user configured, read as the go command reads them (`go help goproxy`, `go help private`,
// `go help environment`; cmd/go/internal/modfetch proxyList): GOPROXY from the environment or the go env file
// (go-env.ts), compintel's GOLANG_PROXY_URL (config/registries.ts) over it. GOPROXY is a list: each entry is a
// proxy URL (`https://` added to a bare host name, as the go command adds it), `direct` or `off`; the list ends at
// the first `direct` or `off`. An entry followed by `,` hands over to the next only when it answers 404 or 410; one
// followed by `|` on any error. GONOPROXY (default GOPRIVATE) names the modules never fetched through a proxy;
// GONOSUMDB (default GOPRIVATE) those the checksum database is not asked about; GOINSECURE concerns `direct` only.
// No GOPROXY anywhere: undefined — the go command would use its distribution's default proxy, which compintel does
// not assume. `direct` (version control) and `file://` proxies are not read. Credentials as the go command takes
// them: for an https proxy the netrc entry of its host name ($NETRC, else ~/.netrc; a `default` entry is not read),
// else the URL's user info; held as a Credential (never printed) and taken out of the URL.
import { PermanentError } from '../../../ingest/failure.ts'
import type { ReadConfigFile } from '../../../ingest/outbound/config-files.ts'
import { Credential } from '../../../ingest/outbound/credential.ts'
import { netrcFor, readNetrc } from '../../pypi/registry/netrc.ts'
import { goEnvFile, goEnvFrom } from './go-env.ts'

export type ProxyEntry =
  | {
      kind: 'proxy'
      /** The proxy's base URL without user info and without a trailing `/`. */
      url: string
      credential: Credential | undefined
      /** `|` followed it: any error hands over to the next entry (`,`: only 404 and 410). */
      fallBackOnError: boolean
    }
  /** `direct`: the module's version control (not read by compintel); `off`: no module may be downloaded. */
  | { kind: 'direct' | 'off' }
  /** Put first when GONOPROXY is set: the modules it names go to version control, the others on down the list. */
  | { kind: 'noproxy' }

export interface GoProxyConfig {
  entries: ProxyEntry[]
  /** GONOPROXY, else GOPRIVATE: comma-separated glob patterns (module-patterns.ts). */
  noProxy: string
  /** GONOSUMDB, else GOPRIVATE. */
  noSumDb: string
  /** GOSUMDB (`off`: no checksum database at all). */
  sumDb: string
  /** GOINSECURE: only `direct` fetches heed it; kept to be reported. */
  insecure: string
  /** Where GOPROXY was configured: a variable's name or the go env file. */
  from: string
}

/** The proxies the go command would use under compintel's setting, or undefined when none is configured. */
export function goProxyFromEnv(
  env: Record<string, string | undefined>,
  files: ReadConfigFile,
  setting?: string,
): GoProxyConfig | undefined {
  const go = goEnvFrom(env, files)
  const goproxy = setting || go('GOPROXY')
  if (goproxy === '') return undefined
  const from = setting ? 'GOLANG_PROXY_URL' : env.GOPROXY ? 'GOPROXY' : `${goEnvFile(env)} GOPROXY`
  const noProxy = go('GONOPROXY') || go('GOPRIVATE')
  const netrc = readNetrc(env, files)
  const entries: ProxyEntry[] = noProxy !== '' && goproxy !== 'direct' ? [{ kind: 'noproxy' }] : []
  let rest = goproxy
  while (rest !== '') {
    const at = rest.search(/[,|]/)
    const raw = (at < 0 ? rest : rest.slice(0, at)).trim()
    const fallBackOnError = at >= 0 && rest[at] === '|'
    rest = at < 0 ? '' : rest.slice(at + 1)
    if (raw === '') continue
    if (raw === 'off' || raw === 'direct') {
      entries.push({ kind: raw })
      break // the go command stops here (entries after `direct` are reserved for later versions)
    }
    entries.push({ kind: 'proxy', ...proxyUrl(raw, from, netrc), fallBackOnError })
  }
  if (entries.every((e) => e.kind === 'noproxy'))
    throw new PermanentError(`${from}: the GOPROXY list is not the empty string, but contains no entries`)
  return {
    entries,
    noProxy,
    noSumDb: go('GONOSUMDB') || go('GOPRIVATE'),
    sumDb: go('GOSUMDB'),
    insecure: go('GOINSECURE'),
    from,
  }
}

/** Whether any entry is a proxy compintel reads (not only `direct` or `off`). */
export function hasProxy(config: GoProxyConfig): boolean {
  return config.entries.some((e) => e.kind === 'proxy')
}

function proxyUrl(raw: string, from: string, netrc: string | undefined) {
  // single words are the go command's own; anything with `.`, `:` or `/` but no scheme is a host: https
  const withScheme = /[.:/]/.test(raw) && !raw.includes(':/') && !raw.startsWith('/') ? `https://${raw}` : raw
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new PermanentError(`${from}: "${redact(raw)}" is not a proxy URL`)
  }
  if (url.protocol === 'file:') throw new PermanentError(`${from}: file:// proxies are not read by compintel`)
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new PermanentError(`${from}: invalid proxy URL scheme (must be https or http): ${url.protocol}`)
  let credential: Credential | undefined
  const entry = url.protocol === 'https:' && netrc ? netrcFor(netrc, url.hostname, false) : undefined
  if (entry?.login && entry.password) credential = Credential.basic(entry.login, entry.password)
  else if (url.username || url.password)
    credential = Credential.basic(decodeURIComponent(url.username), decodeURIComponent(url.password))
  url.username = ''
  url.password = ''
  url.pathname = url.pathname.replace(/\/+$/, '')
  return { url: url.href.replace(/\/$/, ''), credential }
}

/** A proxy entry as it may be printed: any user info removed. */
function redact(raw: string): string {
  return raw.replace(/\/\/[^/@]*@/, '//…@')
}
