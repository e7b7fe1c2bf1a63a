// POST /v2/sbom/check (docs/policy.md): `{ sbom, policy, vex? }` in, the policy's verdict on the SBOM out
// (`verdict`, `violations`, `summary`). compintel's own area (key scope `sbom`), learning what the KB lacks as
// enrichment does. A policy that does not conform to the policy schema, a VEX document that cannot be read or an SBOM
// that cannot be read is a 400 naming why.
import { Type } from 'typebox'
import { checkSbom } from '../../../domain/policy/check-sbom.ts'
import { PolicyError, readPolicy } from '../../../domain/policy/policy.ts'
import { SbomInputError } from '../../../domain/sbom/read-input.ts'
import { HttpError } from '../../errors.ts'
import { responses } from '../../schemas/common.ts'
import { learnAnswers } from '../../shared/learning.ts'
import type { App, AppDeps } from '../../types.ts'
import { inputError, SBOM_BODY_LIMIT } from './post-sbom-enrich.ts'

const Body = Type.Object({
  sbom: Type.Unknown({
    description: 'The SBOM, as POST /v2/sbom/enrich takes it (a JSON document or a list of purls)',
  }),
  policy: Type.Unknown({ description: 'The policy: { "rules": [ { "id", "when": { conditions }, "action" } ] }' }),
  vex: Type.Optional(
    Type.Array(Type.Unknown(), {
      maxItems: 20,
      description: 'VEX documents (CycloneDX, OpenVEX, CSAF VEX) whose statements apply to the findings',
    }),
  ),
})

const Violation = Type.Object({
  rule: Type.String(),
  action: Type.Union([Type.Literal('fail'), Type.Literal('warn')]),
  component: Type.String(),
  finding: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
})

const Reply = Type.Object({
  verdict: Type.Union([Type.Literal('pass'), Type.Literal('warn'), Type.Literal('fail')]),
  violations: Type.Array(Violation),
  summary: Type.Object({
    components: Type.Integer(),
    findings: Type.Integer(),
    suppressed: Type.Integer(),
    fail: Type.Integer(),
    warn: Type.Integer(),
    rules: Type.Array(
      Type.Object({
        id: Type.String(),
        action: Type.Union([Type.Literal('fail'), Type.Literal('warn')]),
        violations: Type.Integer(),
      }),
    ),
  }),
})

export function registerPostSbomCheck(app: App, deps: AppDeps): void {
  app.post(
    '/v2/sbom/check',
    {
      config: { area: 'sbom' },
      // a body missing both `sbom` and `policy` is told of both (the validator stops at its first error)
      attachValidation: true,
      bodyLimit: Math.max(deps.config.bodyLimit, SBOM_BODY_LIMIT),
      schema: {
        summary: 'Check an SBOM against a policy',
        description:
          'Reads the SBOM as POST /v2/sbom/enrich does, applies the VEX statements it carries and those of the VEX ' +
          'documents sent beside it, and evaluates the policy: each rule fires when all its conditions hold for a ' +
          'finding or a component. `fail` when a fail rule fired, `warn` when only warn rules did, else `pass`. ' +
          'Findings a VEX statement marks not_affected or false_positive do not count.',
        tags: ['sbom'],
        body: Body,
        response: responses({ 200: Reply }),
      },
    },
    async (req) => {
      if (req.validationError) throw missingFields(req.body) ?? req.validationError
      const body = req.body as { sbom: unknown; policy: unknown; vex?: unknown[] }
      try {
        const policy = readPolicy(body.policy)
        return await checkSbom(body.sbom, policy, deps.services, {
          vex: body.vex ?? [],
          learn: (refs, answer, learnable) => learnAnswers(deps, req, refs, answer, learnable),
        })
      } catch (err) {
        if (err instanceof PolicyError) throw new HttpError('VALIDATION_FAILED', err.message)
        if (err instanceof SbomInputError) throw inputError(err)
        throw err
      }
    },
  )
}

/** The fields a body lacks, all named; undefined when it lacks none (another flaw is the validator's to tell). */
function missingFields(body: unknown): HttpError | undefined {
  const given = typeof body === 'object' && body !== null ? body : {}
  const missing = ['sbom', 'policy'].filter((k) => !(k in given))
  if (missing.length === 0) return undefined
  const named = missing.map((k) => `'${k}'`).join(' and ')
  return new HttpError(
    'VALIDATION_FAILED',
    `Invalid request: body must have required propert${missing.length > 1 ? 'ies' : 'y'} ${named}`,
  )
}
