// GET /v2/cryptography/rulesets/{type}/{version}/download (docs/api-behaviour.md "Ruleset download"): the
// pre-built release archive of a ruleset, loaded once from data/rulesets and verified against its manifest's checksum
// (docs/cryptography-rulesets.md). Both the X-* headers and the scanoss-* headers crypto-finder reads are sent.
import { Type } from 'typebox'
import { isCryptoRulesetType, type RulesetReleases } from '../../../domain/rulesets/types.ts'
import { rulesetResponses, sendRuleset, VersionParam } from '../../shared/ruleset-download.ts'
import type { App, AppDeps } from '../../types.ts'

const FILE_PREFIX = 'compintel'
const NO_RELEASES: RulesetReleases = { lookup: async () => ({ kind: 'not-found' }) }

const Params = Type.Object({
  type: Type.String({ maxLength: 64, description: 'dca or keywords' }),
  version: VersionParam,
})

export function registerGetRulesetDownload(app: App, { services }: Pick<AppDeps, 'services'>): void {
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
        response: rulesetResponses('compintel-crypto-<type>-<version>.tar.gz'),
      },
    },
    (req, reply) => {
      const { type, version } = req.params
      // the store holds the semgrep rule set too; it is served at its own route only
      const store = isCryptoRulesetType(type) ? services.rulesets : NO_RELEASES
      return sendRuleset(req, reply, store, type, version, `${FILE_PREFIX}-crypto-${type}`)
    },
  )
}
