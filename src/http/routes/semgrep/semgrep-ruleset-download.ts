// GET /v2/semgrep/rulesets/{version}/download: the release archive of the static-analysis rule set the semgrep
// analyzer runs (docs/semgrep.md "Rule set releases"). The area has one rule set, so the path has no type segment;
// otherwise it answers as the cryptography download does (same archive layout, headers and errors).
import { Type } from 'typebox'
import { rulesetResponses, sendRuleset, VersionParam } from '../../shared/ruleset-download.ts'
import type { App, AppDeps } from '../../types.ts'

const TYPE = 'semgrep'

export function registerGetSemgrepRulesetDownload(app: App, { services }: Pick<AppDeps, 'services'>): void {
  app.get(
    '/v2/semgrep/rulesets/:version/download',
    {
      config: { area: 'semgrep' },
      schema: {
        summary: 'Download the static-analysis rule set',
        description:
          'The gzip-compressed tar archive of a release of the semgrep rule set: semgrep-<version>/ with one ' +
          'directory per language of Semgrep-format YAML rules and a manifest.json. Unknown version: 404 ' +
          "RULESET_NOT_FOUND; a version other than 'latest' or vMAJOR.MINOR.PATCH: 400 VALIDATION_FAILED.",
        tags: ['semgrep'],
        params: Type.Object({ version: VersionParam }),
        response: rulesetResponses('compintel-semgrep-<version>.tar.gz'),
      },
    },
    (req, reply) => sendRuleset(req, reply, services.rulesets, TYPE, req.params.version, `compintel-${TYPE}`),
  )
}
