// The ruleset download answer shared by the cryptography and semgrep areas (docs/api-behaviour.md "Ruleset
// download"): the pre-built release archive, verified against its manifest's checksum when loaded, with the X-*
// headers and the scanoss-* headers crypto-finder reads (docs/cryptography-rulesets.md, docs/semgrep.md).
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import type { RulesetReleases } from '../../domain/rulesets/types.ts'
import { parseRequestedVersion, RELEASE_OR_LATEST } from '../../domain/rulesets/version.ts'
import { HttpError } from '../errors.ts'

export const VersionParam = Type.String({
  pattern: RELEASE_OR_LATEST,
  description: 'latest, or a release v<MAJOR>.<MINOR>.<PATCH>',
})

const header = (description: string) => ({ type: 'string', description })

/** The 200/4xx/5xx responses of a download route; `fileName` describes the attachment's name. */
export function rulesetResponses(fileName: string) {
  return {
    200: {
      description: 'The archive',
      headers: {
        'content-disposition': header(`attachment; filename=${fileName}`),
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
  }
}

/**
 * Sends release `version` (`latest` or a release name) of ruleset `type`, named `<prefix>-<resolved version>.tar.gz`.
 * A version of another shape is 400 VALIDATION_FAILED, an unknown one 404 RULESET_NOT_FOUND, an archive that does
 * not match its checksum 500 RULESET_INTEGRITY_FAILED.
 */
export async function sendRuleset(
  req: FastifyRequest,
  reply: FastifyReply,
  store: RulesetReleases,
  type: string,
  version: string,
  prefix: string,
) {
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
    .header('content-disposition', `attachment; filename=${prefix}-${manifest.version}.tar.gz`)
    .header('x-ruleset-name', manifest.name)
    .header('x-ruleset-version', manifest.version)
    .header('x-checksum-sha256', checksum)
    .header('scanoss-ruleset-name', manifest.name)
    .header('scanoss-ruleset-version', manifest.version)
    .header('scanoss-ruleset-created-at', manifest.created_at)
  if (manifest.description) reply.header('scanoss-ruleset-description', manifest.description)
  return reply.send(archive)
}
