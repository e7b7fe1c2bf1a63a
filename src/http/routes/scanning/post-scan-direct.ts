// POST /scan/direct (docs/scanning.md): the SCANOSS engine's scan, as the clients' `scan` command posts it. The WFP
// of a batch of files comes as multipart/form-data; each file is answered with a file match, a snippet match or
// none, keyed by its path, in the engine's JSON (not the /v2 envelope: the clients pass it through as it is).
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { parseSbomContext, SbomContextError } from '../../../domain/scanning/sbom-context.ts'
import { scanWfp } from '../../../domain/scanning/scan.ts'
import { scanBlocks } from '../../../domain/scanning/scan-blocks.ts'
import { learnFromScan } from '../../../domain/scanning/scan-learning.ts'
import { parseWfp, WfpError } from '../../../domain/scanning/wfp.ts'
import { HttpError } from '../../errors.ts'
import { responses } from '../../schemas/common.ts'
import { learnContext } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { FILE_CONTENTS_PATH } from './get-file-contents.ts'
import { readScanForm, type ScanForm, scanSettings } from './scan-form.ts'
import { FLAG_NO_LICENSES, type ServerBlock, scanAnswer } from './scan-wire.ts'

/** Packages named in the x-being-fetched header, at most (then how many more). */
const MAX_NAMED = 50

/** The form's fields besides the WFP (`assets` may hold an SBOM of 2,000 purls). */
const FIELD_BYTES = 4 * 1024 * 1024

const text = (description: string) => Type.Optional(Type.String({ description }))
const Form = Type.Object({
  file: Type.String({ format: 'binary', description: 'The WFP (file=, fh2= and <line>=<hashes> lines)' }),
  flags: text('The engine flag bits, decimal (1 no snippets, 8 no licenses, 512 hide identified files)'),
  type: text('identify or blacklist: what to do with the purls of assets'),
  assets: text('JSON naming purls: {"components":[{"purl":"pkg:…"}]}'),
  context: text('Free text (accepted, not used)'),
  format: text('Sent by scanoss-py (plain); accepted, not used'),
})

const Reply = Type.Record(Type.String(), Type.Array(Type.Record(Type.String(), Type.Unknown())), {
  description: 'Keyed by each path of the WFP: a list with one match ({id: "none", server} when nothing matched).',
})

export function registerPostScanDirect(app: App, deps: AppDeps): void {
  const limits = { fileBytes: deps.config.bodyLimit, fieldBytes: FIELD_BYTES }
  app.register(async (scoped) => {
    // read as it streams (scan-form.ts); a JSON body parses as on every route, and is refused below
    scoped.addContentTypeParser('multipart/form-data', (req, payload, done) => {
      readScanForm(req, payload, limits).then(
        (form) => done(null, new Parsed(form)),
        (err: Error) => done(err, undefined),
      )
    })
    scoped.post(
      '/scan/direct',
      {
        config: { area: 'scanning' },
        validatorCompiler: () => () => true,
        schema: {
          summary: 'Scan the files of a WFP (SCANOSS engine scan)',
          description:
            'multipart/form-data: the WFP in the "file" part; optional fields flags (the engine flag bits), type ' +
            '(identify or blacklist) with assets (JSON naming purls), context and format; optional header ' +
            'scanoss-settings (base64 JSON: min_snippet_hits, min_snippet_lines, honour_file_exts). Each file: a ' +
            'file match by MD5 (or by the MD5 of its other line endings), else a snippet match from its winnowing ' +
            "fingerprints, else none. Versions the answer names that the KB lacks (the matched versions' " +
            'dependencies, the newest version of a snippet-matched component, the versions assets identify) are ' +
            'fetched on demand for later scans; the header x-being-fetched lists their packages (docs/kb-growth.md).',
          tags: ['scanning'],
          consumes: ['multipart/form-data'],
          body: Form,
          response: responses({ 200: Reply }),
        },
      },
      async (req, reply) => {
        if (!(req.body instanceof Parsed))
          throw new HttpError('UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data with the WFP in the "file" field')
        const { form } = req.body
        const settings = scanSettings(req)
        let files: Awaited<ReturnType<typeof parseWfp>>['files']
        let context: ReturnType<typeof parseSbomContext>
        try {
          files = (await parseWfp(form.wfp)).files
          context = parseSbomContext(form.type, form.assets)
        } catch (err) {
          if (err instanceof WfpError || err instanceof SbomContextError)
            throw new HttpError('VALIDATION_FAILED', err.message)
          throw err
        }
        const { services } = deps
        const results = await scanWfp(files, services.scan, {
          flags: form.flags,
          context,
          settings,
          emittedHelpers: services.emittedHelpers,
        })
        const matches = results.flatMap((r) => (r.match ? [r.match] : []))
        const versionIds = form.flags & FLAG_NO_LICENSES ? [] : matches.map((m) => m.place.versionId)
        const licenses = versionIds.length > 0 ? await services.licenses.ofVersions(versionIds) : new Map()
        const blocks = await scanBlocks(matches, services, form.flags)
        const fetching = await learnFromScan(matches, blocks, context, services, learnContext(deps, req))
        if (fetching.length > 0) reply.header('x-being-fetched', beingFetched(fetching))
        return scanAnswer(results, licenses, blocks, await serverBlock(deps), form.flags, contentsUrl(req, deps))
      },
    )
  })
}

/** The packages a scan's learning queued, comma-separated, at most MAX_NAMED of them named. */
function beingFetched(purls: readonly string[]): string {
  const more = purls.length > MAX_NAMED ? [`and ${purls.length - MAX_NAMED} more`] : []
  return [...purls.slice(0, MAX_NAMED), ...more].join(', ')
}

/** A form read by this route's parser (any other body is refused). */
class Parsed {
  constructor(readonly form: ScanForm) {}
}

/**
 * The absolute URL of this server's file contents, as the engine answers one (its SCANOSS_API_URL + /file_contents):
 * built from the request's protocol and Host (X-Forwarded-* with TRUST_PROXY); '' when no file is served here.
 */
function contentsUrl(req: FastifyRequest, deps: AppDeps): string {
  if (!deps.services.fileContents) return ''
  const host = HOST.test(req.host) ? req.host : '' // a Host no URL can hold gives a URL of this path alone
  return `${host ? `${req.protocol}://${host}` : ''}${FILE_CONTENTS_PATH}`
}

const HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/

async function serverBlock(deps: AppDeps): Promise<ServerBlock> {
  const meta = await deps.services.kbMeta.get()
  return {
    version: deps.version,
    kb_version: { monthly: meta?.release || 'local', daily: (meta?.createdAt ?? '').slice(0, 10) },
  }
}
