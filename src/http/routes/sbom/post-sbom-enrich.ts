// POST /v2/sbom/enrich (docs/sbom.md): an SBOM in (CycloneDX 1.4–1.7 or SPDX 2.3 JSON, a package-lock.json, or purls
// as a JSON list or one per line; or a JSON envelope of the SBOM and VEX documents: domain/vex), the enriched document
// out in the asked format. compintel's own area (key scope `sbom`); the body is the document itself, so this route
// reads it as text in its own scope: JSON the way every route does (plugins/json-body.ts), a purl list as text/plain.
import { randomUUID } from 'node:crypto'
import { Type } from 'typebox'
import { enrichSbom, SBOM_FORMATS, type SbomOutputFormat } from '../../../domain/sbom/enrich-sbom.ts'
import { MAX_COMPONENTS, SbomInputError } from '../../../domain/sbom/read-input.ts'
import { HttpError } from '../../errors.ts'
import { parseJsonBody } from '../../plugins/json-body.ts'
import { responses } from '../../schemas/common.ts'
import { learnAnswers } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'

/** A 10,000-component CycloneDX BOM with hashes and licenses is about 10 MiB: accepted whatever BODY_LIMIT says. */
export const SBOM_BODY_LIMIT = 32 * 1024 * 1024
const JSON_TYPES = ['application/json', 'application/vnd.cyclonedx+json', 'application/spdx+json']

const Query = Type.Object({
  format: Type.Optional(
    Type.Union(
      SBOM_FORMATS.map((f) => Type.Literal(f)),
      { description: 'The output: cyclonedx-1.6 (default), cyclonedx-1.7 or spdx-2.3', default: 'cyclonedx-1.6' },
    ),
  ),
})

const Body = Type.Unknown({
  description:
    'The SBOM: a CycloneDX JSON BOM (1.4 to 1.7), an SPDX 2.3 JSON document, an npm package-lock.json (v2/v3), a ' +
    'JSON list of purls (application/json), or purls one per line (text/plain, # comments); or a VEX envelope ' +
    '{"sbom": <one of those>, "vex": [<OpenVEX, CSAF VEX or CycloneDX documents>, …]} (docs/sbom.md "VEX")',
})

const Reply = Type.Unknown({
  description:
    'The enriched document: CycloneDX JSON (licenses, VEX vulnerabilities, cryptographic-asset components) or SPDX ' +
    '2.3 JSON; components the KB could not enrich carry compintel:not-enriched properties',
})

export function registerPostSbomEnrich(app: App, deps: AppDeps): void {
  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers()
    scoped.addContentTypeParser([...JSON_TYPES, 'text/plain'], { parseAs: 'buffer' }, (req, body, done) => {
      try {
        done(
          null,
          (req.headers['content-type'] ?? '').startsWith('text/plain')
            ? parseText(body as Buffer)
            : parseJsonBody(body as Buffer),
        )
      } catch (err) {
        done(err as Error, undefined)
      }
    })
    scoped.post(
      '/v2/sbom/enrich',
      {
        config: { area: 'sbom' },
        bodyLimit: Math.max(deps.config.bodyLimit, SBOM_BODY_LIMIT),
        schema: {
          summary: 'Enrich an SBOM',
          description:
            'Reads the components of the document by their purls (at most ' +
            `${MAX_COMPONENTS.toLocaleString('en')}) and returns it enriched from the knowledge base: licenses, ` +
            'known vulnerabilities (CVSS, EPSS, fixes) and the algorithms the components use. A CycloneDX input is ' +
            'kept as it was (components, dependencies, metadata), and the VEX analyses of its vulnerabilities and of ' +
            'the VEX documents sent beside it are carried to the findings they apply to. A document that cannot be ' +
            'read, or a malformed VEX document, is a 400 naming why (invalid purls listed), never a partial answer.',
          tags: ['sbom'],
          consumes: [...JSON_TYPES, 'text/plain'],
          querystring: Query,
          body: Body,
          response: responses({ 200: Reply }),
        },
      },
      async (req, reply) => {
        const format = ((req.query as { format?: SbomOutputFormat }).format ?? 'cyclonedx-1.6') as SbomOutputFormat
        try {
          const enriched = await enrichSbom(req.body, deps.services, {
            format,
            toolVersion: deps.version,
            uuid: randomUUID(),
            now: new Date(),
            learn: (refs, answer, learnable) => learnAnswers(deps, req, refs, answer, learnable),
          })
          reply.type(enriched.mediaType)
          return enriched.document
        } catch (err) {
          if (err instanceof SbomInputError) throw inputError(err)
          throw err
        }
      },
    )
  })
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** text/plain: purls one per line; a JSON document sent as text is still read as JSON. */
function parseText(body: Buffer): unknown {
  let text: string
  try {
    text = utf8.decode(body)
  } catch {
    throw new HttpError('INVALID_UTF8')
  }
  const first = text.trimStart()[0]
  return first === '{' || first === '[' ? parseJsonBody(body) : text
}

/** The document's flaw, with the invalid components named, in the one error shape. */
export function inputError(err: SbomInputError): HttpError {
  if (err.tooLarge) return new HttpError('BATCH_TOO_LARGE', err.message)
  const listed = err.invalid.map((c) => `${c.ref}: "${c.purl}" (${c.reason})`)
  return new HttpError('VALIDATION_FAILED', listed.length > 0 ? `${err.message}: ${listed.join('; ')}` : err.message)
}
