// Request and item schemas shared by the per-component endpoints (docs/api-behaviour.md "Wire conventions").
import { Type } from 'typebox'
import { MAX_PURL_LENGTH } from '../../domain/shared/purl.ts'
import { MAX_REQUIREMENT_LENGTH } from '../../domain/shared/requirement.ts'

/**
 * Purls and requirements are checked by the domain (per-component INVALID_PURL / INVALID_SEMVER), so the schema
 * only bounds their size; anything longer than these bounds is a malformed request (400 VALIDATION_FAILED).
 */
export const PurlField = Type.String({ maxLength: MAX_PURL_LENGTH * 2, description: 'Package URL' })
const RequirementField = Type.String({
  maxLength: MAX_REQUIREMENT_LENGTH * 4,
  description: 'Version constraint (docs/requirements.md); a purl @version overrides it',
})

export const ComponentRefSchema = Type.Object({ purl: PurlField, requirement: Type.Optional(RequirementField) })

/** `{components: [{purl, requirement}]}` (papi's `ComponentsRequest`). */
export const ComponentsRequestSchema = Type.Object({
  components: Type.Array(ComponentRefSchema, { description: 'At most MAX_BATCH_SIZE components (default 1000)' }),
})

/** Query of the single-component GET endpoints: `?purl=&requirement=`. */
export const ComponentQuerySchema = Type.Object({ purl: PurlField, requirement: Type.Optional(RequirementField) })

/**
 * Per-component outcome fields (docs/errors.md "Component-level outcomes"); absent on success. Both spellings, with
 * the same values: `error_*` for clients of papi before 0.31, `info_*` for newer ones.
 */
export const OutcomeFields = {
  error_code: Type.Optional(Type.String()),
  error_message: Type.Optional(Type.String()),
  info_code: Type.Optional(Type.String()),
  info_message: Type.Optional(Type.String()),
}
