// npm `repository` fields → a browsable https URL and the source-repository purl (pkg:github/owner/name, …).

const HOSTS: Record<string, string> = { 'github.com': 'github', 'gitlab.com': 'gitlab', 'bitbucket.org': 'bitbucket' }
const SHORTHAND = /^(?:(github|gitlab|bitbucket):)?([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?(?:#.*)?$/

export interface Repository {
  url: string
  /** pkg:<host type>/<owner>/<name>, lower-cased as those purl types require; null for other hosts. */
  purl: string | null
}

export function parseRepository(field: unknown): Repository | null {
  const raw =
    typeof field === 'string'
      ? field
      : typeof field === 'object' && field !== null
        ? (field as { url?: unknown }).url
        : undefined
  if (typeof raw !== 'string' || raw.trim() === '') return null
  const text = raw.trim()
  const short = SHORTHAND.exec(text)
  if (short && !text.includes('://') && !text.includes('@')) {
    const type = short[1] ?? 'github'
    const host = Object.keys(HOSTS).find((h) => HOSTS[h] === type) as string
    return build(host, short[2] as string, short[3] as string)
  }
  // git@github.com:owner/name.git, git+https://…, git://…, ssh://git@…
  const scp = /^[\w.-]+@([\w.-]+):(.+)$/.exec(text)
  const asUrl = scp ? `https://${scp[1]}/${scp[2]}` : text.replace(/^git\+/, '').replace(/^(git|ssh):\/\//, 'https://')
  let url: URL
  try {
    url = new URL(asUrl)
  } catch {
    return null
  }
  const [owner, name] = url.pathname
    .replace(/^\/+/, '')
    .replace(/\.git$/, '')
    .split('/')
  const host = url.hostname.replace(/^www\./, '').toLowerCase()
  if (!owner || !name || !HOSTS[host])
    return { url: `https://${host}${url.pathname.replace(/\.git$/, '')}`, purl: null }
  return build(host, owner, name)
}

function build(host: string, owner: string, name: string): Repository {
  const cleanName = name.replace(/\.git$/, '')
  return {
    url: `https://${host}/${owner}/${cleanName}`,
    purl: `pkg:${HOSTS[host]}/${owner.toLowerCase()}/${cleanName.toLowerCase()}`,
  }
}
