// GET /file_contents/{md5} (and /api/file_contents/{md5}, as the engine's HTTP service answers both; docs/scanning.md
// "File contents"): the bytes of a file the KB knows by MD5, where the `file_url` of a scan answer points. The file
// comes from the on-disk cache or from a package version holding it (domain/scanning/file-contents.ts).
import { Type } from 'typebox'
import { type FileContentsAnswer, MD5_PATTERN } from '../../../domain/scanning/file-contents.ts'
import { HttpError } from '../../errors.ts'
import type { App, AppDeps } from '../../types.ts'

export const FILE_CONTENTS_PATH = '/file_contents'

const Params = Type.Object({
  md5: Type.String({ pattern: MD5_PATTERN.source, description: "The file's MD5 (a scan answer's file_hash)" }),
})

const MB = 1024 * 1024

export function registerGetFileContents(app: App, deps: Pick<AppDeps, 'services'>): void {
  for (const url of [`${FILE_CONTENTS_PATH}/:md5`, `/api${FILE_CONTENTS_PATH}/:md5`])
    app.get(
      url,
      {
        config: { area: 'scanning' },
        schema: {
          summary: 'The contents of a file the KB knows by MD5 (SCANOSS engine file_contents)',
          description:
            "The file's bytes: text/plain with the charset found (UTF-8, else ISO-8859-1) in Content-Type and " +
            'X-Detected-Charset, or application/octet-stream for binary files. Read from a package version that ' +
            'holds it (npm tarballs; checked against the MD5) or the server cache. 404 FILE_NOT_FOUND: unknown, or ' +
            'held only by Debian packages; 413 FILE_TOO_LARGE past FILE_CONTENTS_LIMIT_MB; 502 UPSTREAM_FAILED / ' +
            '504 UPSTREAM_TIMEOUT: the registry failed, gave other bytes, or was too slow.',
          tags: ['scanning'],
          params: Params,
          response: {
            200: {
              description: "The file's bytes",
              headers: { 'x-detected-charset': { type: 'string', description: 'UTF-8 or ISO-8859-1 (text only)' } },
              content: {
                'text/plain': { schema: { type: 'string' } },
                'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
              },
            },
            '4xx': Type.Ref('ErrorBody'),
            '5xx': Type.Ref('ErrorBody'),
          },
        },
      },
      async (req, reply) => {
        const port = deps.services.fileContents
        if (!port) throw new HttpError('FILE_NOT_FOUND', 'This server does not serve file contents')
        const bytes = served(await port.get(req.params.md5), (detail) => req.log.warn({ detail }, 'file contents'))
        const charset = charsetOf(bytes)
        if (charset)
          reply.header('content-type', `text/plain; charset=${charset}`).header('x-detected-charset', charset)
        else reply.header('content-type', 'application/octet-stream')
        return reply.header('x-content-type-options', 'nosniff').send(bytes)
      },
    )
}

/** The bytes of a found file; every other answer as its error (upstream detail logged: 5xx bodies carry none). */
function served(answer: FileContentsAnswer, log: (detail: string) => void): Buffer {
  switch (answer.kind) {
    case 'found':
      return answer.bytes
    case 'not-found':
      throw new HttpError('FILE_NOT_FOUND', answer.message)
    case 'too-large':
      throw new HttpError(
        'FILE_TOO_LARGE',
        `file contents size (${answer.size} bytes) exceeds the maximum allowed limit (${sizeText(answer.limit)})`,
      )
    case 'upstream-failed':
      log(answer.message)
      throw new HttpError('UPSTREAM_FAILED')
    case 'upstream-timeout':
      log(answer.message)
      throw new HttpError('UPSTREAM_TIMEOUT')
  }
}

function sizeText(bytes: number): string {
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`
}

const UTF8 = new TextDecoder('utf-8', { fatal: true })

/** UTF-8 when the bytes decode as such, ISO-8859-1 for other text, undefined for binary (a NUL byte). */
function charsetOf(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined
  try {
    UTF8.decode(bytes)
    return 'UTF-8'
  } catch {
    return 'ISO-8859-1'
  }
}
