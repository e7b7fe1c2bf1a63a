// GET /v2/cryptography/rulesets/{type}/{version}/download (spec #9, reference §4.2 "Ruleset download"): the
// pre-built release archive of a ruleset, loaded once from data/rulesets and verified against its manifest's checksum
// (docs/cryptography-rulesets.md). Both the spec's X-* headers and the scanoss-* headers crypto-finder reads are sent.
import { Type } from 'typebox'
import { parseRequestedVersion, RELEASE_OR_LATEST } from '../../../domain/rulesets/version.ts'
import { RulesetStore } from '../../../rulesets/store.ts'
import { HttpError } from '../../errors.ts'
import type { App } from '../../types.ts'

const FILE_PREFIX = 'compintel'

const Params = Type.Object({
  type: Type.String({ maxLength: 64, description: 'dca or keywords' }),
  version: Type.String({
    pattern: RELEASE_OR_LATEST,
    description: 'latest, or a release v<MAJOR>.<MINOR>.<PATCH>',
  }),
})

const header = (description: string) => ({ type: 'string', description })

let defaultStore: RulesetStore | undefined

export function registerGetRulesetDownload(app: App, store = (defaultStore ??= new RulesetStore())): void {
  app.get(
    '/v2/cryptography/rulesets/:type/:version/download',
    {
      config: { area: 'cryptography' },
      schema: {
        summary: 'Download a cryptography detection ruleset',
        description:
          'The gzip-compressed tar archive of a ruleset release: <type>-<version>/ with one directory per language ' +
          'of Semgrep-format YAML rules and a manifest.json. Unknown type or version: 404 RULESET_NOT_FOUND; a ' +
          "version other than 'latest' or vMAJOR.MINOR.PATCH: 400 VALIDATION_FAILED.",
        tags: ['cryptography'],
        params: Params,
        response: {
          200: {
            description: 'The archive',
            headers: {
              'content-disposition': header('attachment; filename=compintel-crypto-<type>-<version>.tar.gz'),
              'x-ruleset-name': header('ruleset type'),
              'x-ruleset-version': header('resolved release, also for latest'),
              'x-checksum-sha256': header('SHA-256 of the archive, hexadecimal'),
              'scanoss-ruleset-name': header('ruleset type'),
              'scanoss-ruleset-version': header('resolved release'),
              'scanoss-ruleset-created-at': header('release date, RFC 3339'),
            },
            content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } },
          },
          '4xx': Type.Ref('ErrorBody'),
          '5xx': Type.Ref('ErrorBody'),
        },
      },
    },
    async (req, reply) => {
      const { type, version } = req.params
      if (parseRequestedVersion(version) === undefined) throw new HttpError('VALIDATION_FAILED', 'Invalid version')
      const found = await store.lookup(type, version)
      if (found.kind === 'not-found') throw new HttpError('RULESET_NOT_FOUND')
      if (found.kind === 'corrupt') {
        req.log.error({ type, version }, 'ruleset archive does not match its manifest checksum')
        throw new HttpError('RULESET_INTEGRITY_FAILED')
      }
      const { manifest, archive, checksum } = found.release
      reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename=${FILE_PREFIX}-crypto-${type}-${manifest.version}.tar.gz`)
        .header('x-ruleset-name', manifest.name)
        .header('x-ruleset-version', manifest.version)
        .header('x-checksum-sha256', checksum)
        .header('scanoss-ruleset-name', manifest.name)
        .header('scanoss-ruleset-version', manifest.version)
        .header('scanoss-ruleset-created-at', manifest.created_at)
      if (manifest.description) reply.header('scanoss-ruleset-description', manifest.description)
      return reply.send(archive)
    },
  )
}
