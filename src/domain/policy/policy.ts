// A policy (docs/policy.md): rules, each with conditions that must all hold for a finding or a component, and an
// action (`fail` by default, or `warn`). Read from JSON and checked against POLICY_SCHEMA; a policy that does not
// conform is refused with every reason named, never half-applied.
import { Ajv, type ErrorObject } from 'ajv'

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const
export type SeverityLevel = (typeof SEVERITIES)[number]
const CRYPTO_CONCERNS = ['weak', 'quantum-vulnerable'] as const
type CryptoConcern = (typeof CRYPTO_CONCERNS)[number]

export interface Conditions {
  severity_at_least?: SeverityLevel
  cvss_at_least?: number
  epss_at_least?: number
  kev?: true
  malicious?: true
  status_in?: string[]
  license_denied?: string[]
  license_allowed?: string[]
  copyleft_in?: string[]
  crypto?: CryptoConcern[]
}

export interface Rule {
  id: string
  description?: string
  when: Conditions
  action: 'fail' | 'warn'
}

export interface Policy {
  rules: Rule[]
}

/** The conditions that hold for one finding (a vulnerability of a component); the others hold for a component. */
export const FINDING_CONDITIONS = ['severity_at_least', 'cvss_at_least', 'epss_at_least', 'kev'] as const

const idList = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 }, minItems: 1, maxItems: 1000 }

const POLICY_SCHEMA = {
  $id: 'https://compintel.example/schemas/policy.json',
  title: 'compintel policy',
  type: 'object',
  required: ['rules'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    rules: {
      type: 'array',
      minItems: 1,
      maxItems: 200,
      items: {
        type: 'object',
        required: ['id', 'when'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' },
          description: { type: 'string', maxLength: 1000 },
          action: { enum: ['fail', 'warn'] },
          when: {
            type: 'object',
            minProperties: 1,
            additionalProperties: false,
            properties: {
              severity_at_least: { enum: [...SEVERITIES] },
              cvss_at_least: { type: 'number', minimum: 0, maximum: 10 },
              epss_at_least: { type: 'number', minimum: 0, maximum: 1 },
              kev: { const: true },
              malicious: { const: true },
              status_in: {
                ...idList,
                items: { enum: ['active', 'deprecated', 'removed', 'deleted', 'malicious', 'unknown'] },
              },
              license_denied: idList,
              license_allowed: idList,
              copyleft_in: {
                type: 'array',
                items: { enum: ['Yes', 'Questionable', 'No'] },
                minItems: 1,
                uniqueItems: true,
              },
              crypto: { type: 'array', items: { enum: [...CRYPTO_CONCERNS] }, minItems: 1, uniqueItems: true },
            },
          },
        },
      },
    },
  },
} as const

export class PolicyError extends Error {
  constructor(readonly reasons: string[]) {
    super(`the policy does not conform to the policy schema: ${reasons.join('; ')}`)
  }
}

const validate = new Ajv({ allErrors: true, strict: true }).compile(POLICY_SCHEMA)

/** The policy a JSON value describes; PolicyError names every flaw (rule ids must be unique too). */
export function readPolicy(value: unknown): Policy {
  if (!validate(value)) throw new PolicyError((validate.errors ?? []).slice(0, 20).map(describe))
  const rules = (value as { rules: (Omit<Rule, 'action'> & { action?: Rule['action'] })[] }).rules
  const ids = rules.map((r) => r.id)
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i)
  if (twice.length > 0) throw new PolicyError([`rule ids must be unique (${[...new Set(twice)].join(', ')})`])
  return { rules: rules.map((r) => ({ ...r, action: r.action ?? 'fail' })) }
}

function describe(e: ErrorObject): string {
  const at = e.instancePath ? e.instancePath.replace(/^\//, '').replaceAll('/', '.') : 'the policy'
  if (e.keyword === 'additionalProperties') return `${at}: unknown field "${e.params.additionalProperty}"`
  if (e.keyword === 'enum') return `${at}: must be one of ${(e.params.allowedValues as unknown[]).join(', ')}`
  return `${at}: ${e.message ?? 'is not valid'}`
}
