// The explorer's one way to the API: same-origin requests with the key the user pasted, kept in this tab's session
// storage (never in a URL, never logged); a 401 asks for a key again.
const KEY = 'compintel.apiKey'

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export const apiKey = {
  get: (): string => sessionStorage.getItem(KEY) ?? '',
  set: (key: string): void => {
    if (key.trim()) sessionStorage.setItem(KEY, key.trim())
    else sessionStorage.removeItem(KEY)
  },
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: string, type = 'application/json'): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  const key = apiKey.get()
  if (key) headers['x-api-key'] = key
  if (body !== undefined) headers['content-type'] = type
  const res = await fetch(path, { method, headers, body: body ?? null })
  const json = (await res.json().catch(() => ({}))) as { status?: { message?: string } }
  if (!res.ok) throw new ApiError(res.status, json.status?.message ?? `HTTP ${res.status}`)
  return json as T
}

export const get = <T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> => {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q.set(k, String(v))
  const qs = q.toString()
  return call<T>('GET', qs ? `${path}?${qs}` : path)
}

export const post = <T>(path: string, body: unknown): Promise<T> => call<T>('POST', path, JSON.stringify(body))

/** A document as its text (a lockfile, an SBOM, purls), as the SBOM endpoint takes it. */
export const postText = <T>(path: string, text: string): Promise<T> => call<T>('POST', path, text, 'text/plain')
