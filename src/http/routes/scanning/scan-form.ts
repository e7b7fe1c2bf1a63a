// The form of a scan post as the SCANOSS clients send it (docs/scanning.md "Request"): multipart/form-data with the
// WFP in the `file` part (api.go also accepts `filename`) and optional `flags`, `type`, `assets`, `context` and
// `format` fields, plus the `scanoss-settings` header (base64 of a JSON object). Read as it streams in through the
// body budget (plugins/body-budget.ts), each bound enforced as the bytes arrive: a refusal comes before the rest.
import type { Readable } from 'node:stream'
import { Busboy } from '@fastify/busboy'
import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../errors.ts'
import { bodyTooLarge } from '../../plugins/body-budget.ts'

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

/** The bounds of a form: the WFP part at most `fileBytes`, each other field at most `fieldBytes`. */
export interface FormLimits {
  fileBytes: number
  fieldBytes: number
}

const FILE_FIELDS = new Set(['file', 'filename'])
const utf8 = new TextDecoder('utf-8', { fatal: false })
const PARTS = { files: 2, fields: 10, parts: 12 }

/** Reads the form from the counted body `payload`; a ScanForm, or an HttpError (4xx). */
export async function readScanForm(req: FastifyRequest, payload: Readable, limits: FormLimits): Promise<ScanForm> {
  const { wfp: sent, fields } = await readParts(req, payload, limits)
  const wfp = sent ?? fields.get('file') ?? fields.get('filename')
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

function readParts(
  req: FastifyRequest,
  payload: Readable,
  limits: FormLimits,
): Promise<{ wfp: string | undefined; fields: Map<string, string> }> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>()
    const chunks: Buffer[] = []
    let found = false
    let settled = false
    const fail = (err: Error) => {
      if (settled) return
      settled = true
      payload.unpipe(parser)
      reject(err)
    }
    let parser: ReturnType<typeof Busboy>
    try {
      parser = Busboy({
        headers: req.headers as Parameters<typeof Busboy>[0]['headers'],
        limits: { fileSize: limits.fileBytes, fieldSize: limits.fieldBytes, ...PARTS },
      })
    } catch (err) {
      reject(new HttpError('UNSUPPORTED_MEDIA_TYPE', `Malformed multipart content type: ${(err as Error).message}`))
      return
    }
    parser.on('file', (name, file) => {
      const keep = FILE_FIELDS.has(name) && !found
      found ||= keep
      file.on('data', (chunk: Buffer) => {
        if (keep) chunks.push(chunk)
      })
      file.on('limit', () => fail(bodyTooLarge(`The WFP is larger than ${limits.fileBytes} bytes`)))
    })
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) fail(bodyTooLarge(`The form field ${name} is larger than ${limits.fieldBytes} bytes`))
      else fields.set(name, value)
    })
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const)
      parser.on(limit, () => fail(bodyTooLarge(`Too many parts in the form (${limit})`)))
    parser.on('error', (err: Error) => fail(new HttpError('BAD_REQUEST', `Malformed multipart body: ${err.message}`)))
    parser.on('finish', () => {
      if (settled) return
      settled = true
      resolve({ wfp: found ? utf8.decode(Buffer.concat(chunks)) : undefined, fields })
    })
    // the body budget's refusals (413, 503) as they are, anything else of the stream's a 400
    payload.on('error', (err) => fail(err instanceof HttpError ? err : new HttpError('BAD_REQUEST', err.message)))
    payload.pipe(parser)
  })
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
