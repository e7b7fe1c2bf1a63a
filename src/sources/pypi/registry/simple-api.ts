// A project's page of the Simple repository API: the JSON form (PEP 691, `application/vnd.pypi.simple.v1+json`, with
// PEP 700's `versions`, `size` and `upload-time`, PEP 592's `yanked`) and, from an index that serves only that, the
// HTML form (PEP 503 anchors with a `#sha256=` fragment, PEP 592's `data-yanked`, PEP 503's
// `data-requires-python`). A page that names another project is refused; files that are not distributions of the
// project are left out.
import sjson from 'secure-json-parse'
import { pep503 } from '../../../domain/shared/purl.ts'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'
import { type DistributionKind, distributionOf } from './pypi-name.ts'

export const SIMPLE_JSON = 'application/vnd.pypi.simple.v1+json'

export interface SimpleFile {
  filename: string
  /** Absolute, resolved against the page's URL. */
  url: string
  kind: DistributionKind
  version: string
  /** Lower-case hex; the artifact is refused without one (pip's --require-hashes stance). */
  sha256: string | undefined
  requiresPython: string | undefined
  /** PEP 592: true, or the reason given. */
  yanked: boolean | string
  size: number | undefined
  uploadTime: string | undefined
}

export interface SimpleProject {
  /** The name the page gives (JSON), else the name asked. */
  name: string
  format: 'json' | 'html'
  /** PEP 700's list (JSON, API 1.1+), else the versions of the files. */
  versions: string[]
  files: SimpleFile[]
}

export function parseSimpleJson(text: string, asked: string, pageUrl: string): SimpleProject {
  let doc: Record<string, unknown>
  try {
    doc = sjson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }) as Record<
      string,
      unknown
    >
  } catch (err) {
    throw refuse('format', asked, `not JSON: ${excerpt((err as Error).message)}`)
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw refuse('format', asked, 'not a JSON object')
  const api = String((doc.meta as Record<string, unknown> | undefined)?.['api-version'] ?? '')
  // PEP 629: a client fails on a major version it does not know
  if (!/^1\.\d+$/.test(api)) throw refuse('protocol', asked, `API version "${excerpt(api, 20)}" is not 1.x`)
  if (typeof doc.name !== 'string' || pep503(doc.name) !== pep503(asked))
    throw refuse('identity', asked, `it names ${typeof doc.name === 'string' ? `"${excerpt(doc.name, 80)}"` : 'none'}`)
  const files: SimpleFile[] = []
  for (const f of Array.isArray(doc.files) ? doc.files : []) {
    const r = f as Record<string, unknown>
    if (typeof r.filename !== 'string' || typeof r.url !== 'string') continue
    const dist = distributionOf(r.filename, asked)
    if (!dist || !URL.canParse(r.url, pageUrl)) continue
    const sha256 = (r.hashes as Record<string, unknown> | undefined)?.sha256
    files.push({
      filename: r.filename,
      url: new URL(r.url, pageUrl).href,
      ...dist,
      sha256: typeof sha256 === 'string' && /^[0-9a-f]{64}$/i.test(sha256) ? sha256.toLowerCase() : undefined,
      requiresPython: typeof r['requires-python'] === 'string' ? r['requires-python'] : undefined,
      yanked: typeof r.yanked === 'string' ? r.yanked || true : r.yanked === true,
      size: typeof r.size === 'number' && Number.isSafeInteger(r.size) ? r.size : undefined,
      uploadTime: typeof r['upload-time'] === 'string' ? r['upload-time'] : undefined,
    })
  }
  const listed = Array.isArray(doc.versions) ? doc.versions.filter((v): v is string => typeof v === 'string') : []
  return { name: doc.name, format: 'json', versions: listed.length ? listed : versionsOf(files), files }
}

const ANCHOR = /<a\s([^>]*)>([^<]*)<\/a\s*>/gi
const ATTR = /([a-z-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/gi

export function parseSimpleHtml(text: string, asked: string, pageUrl: string): SimpleProject {
  const files: SimpleFile[] = []
  for (const m of text.matchAll(ANCHOR)) {
    const attrs = new Map<string, string>()
    for (const a of (m[1] as string).matchAll(ATTR))
      attrs.set((a[1] as string).toLowerCase(), unescapeHtml(a[3] ?? a[4] ?? a[5] ?? ''))
    const href = attrs.get('href')
    if (!href || !URL.canParse(href, pageUrl)) continue
    const url = new URL(href, pageUrl)
    const filename = unescapeHtml((m[2] as string).trim())
    const dist = distributionOf(filename, asked)
    if (!dist) continue
    const hash = /^sha256=([0-9a-f]{64})$/i.exec(url.hash.slice(1))
    url.hash = ''
    const yanked = attrs.get('data-yanked')
    files.push({
      filename,
      url: url.href,
      ...dist,
      sha256: hash ? (hash[1] as string).toLowerCase() : undefined,
      requiresPython: attrs.get('data-requires-python'),
      yanked: yanked === undefined ? false : yanked || true,
      size: undefined,
      uploadTime: undefined,
    })
  }
  return { name: asked, format: 'html', versions: versionsOf(files), files }
}

function versionsOf(files: SimpleFile[]): string[] {
  return [...new Set(files.map((f) => f.version))]
}

function unescapeHtml(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d) % 0x110000))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16) % 0x110000))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
}

function refuse(kind: 'format' | 'protocol' | 'identity', asked: string, why: string): UpstreamRefused {
  return new UpstreamRefused(kind, `the Simple API page of "${excerpt(asked, 80)}" refused: ${why}`)
}
