// A command's request to a compintel server (`compintel scan`, `compintel sbom enrich --url`): the endpoint under the
// given base URL, the key in x-api-key, and a failure told in one line (unreachable, or the server's error message).

/** An http(s) base URL with `path` appended; a UsageError-worthy message when it is not one. */
export function endpointUrl(base: string, path: string): string | Error {
  let url: URL
  try {
    url = new URL(base)
  } catch {
    return new Error(`--url: not a URL: ${base}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return new Error(`--url: not an http(s) URL: ${base}`)
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${path}`
}

/** POSTs `body`; resolves with the reply's text when the server answered 2xx, throws a one-line error otherwise. */
export async function postToServer(
  url: string,
  body: string,
  opts: { key?: string | undefined; contentType: string },
): Promise<{ text: string; contentType: string }> {
  const headers: Record<string, string> = { 'content-type': opts.contentType }
  if (opts.key) headers['x-api-key'] = opts.key
  let res: Response
  try {
    res = await fetch(url, { method: 'POST', headers, body })
  } catch (err) {
    const cause = (err as { cause?: Error }).cause
    throw new Error(`cannot reach ${url}: ${cause?.message ?? (err as Error).message}`)
  }
  const text = await res.text()
  if (!res.ok) {
    let detail = text
    try {
      const reply = JSON.parse(text) as { status?: { message?: string }; error?: { code?: string } }
      if (reply.status?.message) detail = `${reply.status.message} (${reply.error?.code ?? 'no code'})`
    } catch {
      // not JSON: the text as it came
    }
    throw new Error(`${url} answered HTTP ${res.status}: ${detail.slice(0, 500)}`)
  }
  return { text, contentType: res.headers.get('content-type') ?? '' }
}
