// Strict JSON bodies: valid UTF-8, bounded nesting, no prototype poisoning; failures are 400s in the error shape.
import secureJson from 'secure-json-parse'
import { HttpError } from '../errors.ts'
import type { App } from '../types.ts'

/** Deep enough for folder-hash trees (two levels per folder), shallow enough to keep every walker safe. */
export const MAX_JSON_DEPTH = 256
const utf8 = new TextDecoder('utf-8', { fatal: true })

export function registerJsonBody(app: App): void {
  // Only JSON is accepted: any other content type (text/plain included) is a 415.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer))
    } catch (err) {
      done(err as Error, undefined)
    }
  })
}

export function parseJsonBody(buf: Buffer): unknown {
  let text: string
  try {
    text = utf8.decode(buf)
  } catch {
    throw new HttpError('INVALID_UTF8')
  }
  if (text.trim() === '') throw new HttpError('INVALID_JSON', 'The request body is empty; send a JSON object')
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    throw new HttpError('JSON_TOO_DEEP', `The request body nests JSON deeper than ${MAX_JSON_DEPTH} levels`)
  }
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' })
  } catch (err) {
    const detail = err instanceof SyntaxError ? err.message : 'forbidden property name'
    throw new HttpError('INVALID_JSON', `The request body is not valid JSON: ${detail}`)
  }
}

/** Maximum bracket depth outside strings, in one pass and without recursion. */
function nestingDepth(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      depth++
      if (depth > max) max = depth
    } else if (c === 93 || c === 125) depth--
  }
  return max
}
