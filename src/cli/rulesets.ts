// `compintel rulesets build`: regenerate and check the rule sources, then build and store releases
// (src/rules/release/publish.ts, docs/cryptography-rulesets.md "Releasing a new version", docs/semgrep.md).
import { parseArgs } from 'node:util'
import { isRulesetType, RULESET_TYPES, type RulesetType } from '../domain/rulesets/types.ts'
import { loadCatalogue } from '../ingest/crypto/catalogue.ts'
import { prepareSources, publishRulesets } from '../rules/release/publish.ts'
import { RULESETS_USAGE } from './rulesets-usage.ts'

export async function runRulesets(args: string[]): Promise<number> {
  const [sub, ...rest] = args
  if (sub !== 'build') {
    console.error(`usage: compintel ${RULESETS_USAGE}`)
    return 2
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      type: { type: 'string', multiple: true },
      version: { type: 'string' },
      'created-at': { type: 'string' },
      force: { type: 'boolean' },
    },
    strict: true,
  })
  const types = (values.type ?? [...RULESET_TYPES]) as string[]
  const unknown = types.filter((t) => !isRulesetType(t))
  if (unknown.length > 0) {
    console.error(`compintel rulesets build: unknown type ${unknown.join(', ')} (${RULESET_TYPES.join(', ')})`)
    return 2
  }
  for (const p of prepareSources(loadCatalogue())) console.log(`regenerated rulesets/${p}`)
  const results = publishRulesets({
    types: types as RulesetType[],
    ...(values.version ? { version: values.version } : {}),
    ...(values['created-at'] ? { createdAt: values['created-at'] } : {}),
    force: values.force === true,
  })
  for (const r of results) console.log(`${r.type} ${r.version}: ${r.status}, sha256 ${r.checksum}; latest ${r.latest}`)
  return 0
}
