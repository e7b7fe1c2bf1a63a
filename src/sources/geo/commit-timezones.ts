// Loads the commit-timezone data set (data/git-origin, one JSON line per repository: per author the commits per
// UTC offset, no dates) into the KB: one transaction per repository, replacing what that repository had. The
// data set's author ids (unsalted SHA-256 prefixes of e-mails) are salted again with this KB's salt.
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { createGunzip } from 'node:zlib'
import { parseOffset } from '../../domain/geoprovenance/origin.ts'
import type { RepoOrigin } from '../../domain/geoprovenance/types.ts'
import { canonicalPurl, tryParsePurl } from '../../domain/shared/purl.ts'

const COMMIT_TIMEZONES_SOURCE = 'commit-timezones'

interface Line {
  repo?: unknown
  purls?: unknown
  head?: unknown
  head_date?: unknown
  per_author?: unknown
}

/** One line of the data set as a RepoOrigin, or a reason it cannot be read. */
function repoOriginOf(line: Line, salt: (id: string) => string): RepoOrigin | string {
  const m = typeof line.repo === 'string' ? /^github\.com\/([^/\s]+)\/([^/\s]+)$/.exec(line.repo) : null
  if (!m) return `repo: expected github.com/<owner>/<name>, got ${JSON.stringify(line.repo)}`
  const repoPurl = `pkg:github/${(m[1] as string).toLowerCase()}/${(m[2] as string).toLowerCase()}`
  const purls = (Array.isArray(line.purls) ? line.purls : [])
    .map((p) => (typeof p === 'string' ? tryParsePurl(p) : undefined))
    .filter((p) => p !== undefined)
    .map(canonicalPurl)
  if (!Array.isArray(line.per_author)) return 'per_author: expected a list'
  const authors: RepoOrigin['authors'] = []
  for (const a of line.per_author as { author?: unknown; offsets?: unknown; bot?: unknown }[]) {
    if (typeof a?.author !== 'string' || typeof a.offsets !== 'object' || a.offsets === null)
      return 'per_author: bad entry'
    const offsets: RepoOrigin['authors'][number]['offsets'] = []
    for (const [text, commits] of Object.entries(a.offsets as Record<string, unknown>)) {
      const offsetMinutes = parseOffset(text)
      if (offsetMinutes === undefined || !Number.isInteger(commits)) return `per_author: bad offset ${text}`
      offsets.push({ offsetMinutes, month: '', commits: commits as number })
    }
    authors.push({ author: salt(a.author), bot: a.bot === true, offsets })
  }
  const headDate = typeof line.head_date === 'string' ? line.head_date : null
  return {
    repoPurl,
    head: typeof line.head === 'string' ? line.head : null,
    headDate,
    purls: purls.filter((p) => p !== repoPurl),
    authors,
    source: COMMIT_TIMEZONES_SOURCE,
    asOf: headDate ?? '',
  }
}

/** The data set's repositories, one at a time (gzipped or plain NDJSON). */
export async function* readCommitTimezones(file: string, salt: (id: string) => string): AsyncGenerator<RepoOrigin> {
  const input = createReadStream(file)
  const lines = createInterface({
    input: file.endsWith('.gz') ? input.pipe(createGunzip()) : input,
    crlfDelay: Infinity,
  })
  let n = 0
  for await (const text of lines) {
    n++
    if (text.trim() === '') continue
    let parsed: Line
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new Error(`${file}:${n}: not JSON`)
    }
    const r = repoOriginOf(parsed, salt)
    if (typeof r === 'string') throw new Error(`${file}:${n}: ${r}`)
    yield r
  }
}
