// One metadata document of a package index (a Simple API page, a JSON API document, a sparse index file), read whole
// within its bound and revalidated against a cache of earlier answers: sent with the cached ETag / Last-Modified, a
// 304 answers with the cached body (the registry client's packument cache is such a cache).
import { UpstreamRefused } from '../failure.ts'
import { type GetOptions, guardedGet, header } from './guarded-get.ts'
import { readLimited } from './read-limited.ts'

/** A cache of bodies by URL with their validators (sources/npm/packument-cache.ts). */
export interface DocumentCache {
  lookup(url: string): Promise<{ etag: string | undefined; lastModified: string | undefined; size: number } | undefined>
  body(url: string): Promise<Buffer>
  store(url: string, body: Buffer, etag: string | undefined, lastModified: string | undefined): Promise<void>
}

export interface IndexDocument {
  /** 200 (from the index or, after a 304, from the cache); 401, 403, 404 and 410 come without a body. */
  status: number
  body: Buffer
  /** The answer's Content-Type (the cached answer's is not kept: undefined after a 304). */
  contentType: string | undefined
  /** The answer's Last-Modified (after a 304, the cached answer's). */
  lastModified: string | undefined
  /** The index answered 304 and the cached body was used. */
  revalidated: boolean
}

/** GET `url` as a document; `key` names its cache entry (default: the URL). */
export async function indexDocument(
  url: string,
  o: Omit<GetOptions, 'cached'> & { cache?: DocumentCache | undefined; key?: string },
): Promise<IndexDocument> {
  const key = o.key ?? url
  const cached = o.cache ? await o.cache.lookup(key) : undefined
  const a = await guardedGet(url, { ...o, cached })
  if (a.status === 304 && cached && o.cache) {
    if (cached.size > o.max) throw new UpstreamRefused('size', `${o.what} is over the limit of ${o.max} bytes`)
    const body = await o.cache.body(key)
    return { status: 200, body, contentType: undefined, lastModified: cached.lastModified, revalidated: true }
  }
  if (a.status !== 200)
    return {
      status: a.status,
      body: Buffer.alloc(0),
      contentType: undefined,
      lastModified: undefined,
      revalidated: false,
    }
  const body = await readLimited(a.body, o.max, o.what, a.stop)
  const lastModified = header(a.headers['last-modified'])
  await o.cache?.store(key, body, header(a.headers.etag), lastModified)
  return { status: 200, body, contentType: header(a.headers['content-type']), lastModified, revalidated: false }
}
