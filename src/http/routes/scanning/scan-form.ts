// The form of a scan post as the SCANOSS clients send it (docs/scanning.md "Request"): multipart/form-data with the
// WFP in the `file` part (api.go also accepts `filename`) and optional `flags`, `type`, `assets`, `context` and
// `format` fields, plus the `scanoss-settings` header (base64 of a JSON object). Bounds are enforced while reading.
import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../errors.ts'

export interface ScanForm {
  wfp: string
  flags: number
  type: string | undefined
  assets: string | undefined
}

export interface ScanSettings {
  minSnippetHits?: number
  minSnippetLines?: number
  honourFileExts?: boolean
}

const FILE_FIELDS = new Set(['file', 'filename'])
const utf8 = new TextDecoder('utf-8', { fatal: false })

export async function readScanForm(req: FastifyRequest): Promise<ScanForm> {
  if (!req.isMultipart())
    throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data with the WFP in the "file" field')
  const fields = new Map<string, string>()
  let wfp: string | undefined
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        if (FILE_FIELDS.has(part.fieldname) && wfp === undefined) wfp = utf8.decode(bytes)
      } else {
        if (part.valueTruncated)
          throw new HttpError('PAYLOAD_TOO_LARGE', `The form field ${part.fieldname} is too large`)
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value)
      }
    }
  } catch (err) {
    // the plugin's own limits carry a 4xx status (mapped in error-handler.ts); busboy's parse errors carry none
    const status = (err as { statusCode?: number }).statusCode
    if (err instanceof HttpError || (status !== undefined && status < 500)) throw err
    throw new HttpError('BAD_REQUEST', `Malformed multipart body: ${(err as Error).message}`)
  }
  wfp ??= fields.get('file') ?? fields.get('filename')
  if (wfp === undefined || wfp.trim() === '')
    throw new HttpError('VALIDATION_FAILED', 'No WFP: send the fingerprints in the "file" field')
  const rawFlags = (fields.get('flags') ?? headerText(req, 'flags') ?? '').trim()
  if (rawFlags !== '' && !/^\d{1,9}$/.test(rawFlags))
    throw new HttpError('VALIDATION_FAILED', 'flags must be a decimal number')
  return {
    wfp,
    flags: rawFlags === '' ? 0 : Number(rawFlags),
    type: fields.get('type') ?? headerText(req, 'type'),
    assets: fields.get('assets') ?? headerText(req, 'assets'),
  }
}

/** The `scanoss-settings` header: base64 of `{min_snippet_hits, min_snippet_lines, honour_file_exts, …}`. */
export function scanSettings(req: FastifyRequest): ScanSettings {
  const raw = headerText(req, 'scanoss-settings')
  if (raw === undefined || raw.trim() === '') return {}
  let doc: unknown
  try {
    doc = JSON.parse(Buffer.from(raw.trim(), 'base64').toString('utf8'))
  } catch {
    throw new HttpError('VALIDATION_FAILED', 'scanoss-settings must be base64 of a JSON object')
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new HttpError('VALIDATION_FAILED', 'scanoss-settings must be base64 of a JSON object')
  const o = doc as Record<string, unknown>
  const count = (key: string) => {
    const v = o[key]
    if (v === undefined || v === null) return {}
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 1000)
      throw new HttpError('VALIDATION_FAILED', `scanoss-settings: ${key} must be an integer from 0 to 1000`)
    return v > 0 ? { [key === 'min_snippet_hits' ? 'minSnippetHits' : 'minSnippetLines']: v } : {}
  }
  const exts = o.honour_file_exts
  if (exts !== undefined && exts !== null && typeof exts !== 'boolean')
    throw new HttpError('VALIDATION_FAILED', 'scanoss-settings: honour_file_exts must be true or false')
  return {
    ...count('min_snippet_hits'),
    ...count('min_snippet_lines'),
    ...(typeof exts === 'boolean' ? { honourFileExts: exts } : {}),
  }
}

function headerText(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name]
  return typeof v === 'string' ? v : undefined
}
