// Per-component outcome codes (docs/errors.md): a component that cannot be answered does not fail the request.
export const OUTCOME_CODES = [
  'SUCCESS',
  'INVALID_PURL',
  'COMPONENT_NOT_FOUND',
  'VERSION_NOT_FOUND',
  'NO_INFO',
  'INVALID_SEMVER',
  'REQUIREMENT_NOT_MET',
  'TOO_MANY_CONTRIBUTORS',
] as const

export type OutcomeCode = (typeof OUTCOME_CODES)[number]

export interface Outcome {
  code: OutcomeCode
  message: string
}

export const SUCCESS: Outcome = { code: 'SUCCESS', message: 'Success' }

/** A domain failure with a stable code; the HTTP layer decides what it means on the wire. */
export class DomainError extends Error {
  constructor(
    readonly code: OutcomeCode,
    message: string,
  ) {
    super(message)
  }

  get outcome(): Outcome {
    return { code: this.code, message: this.message }
  }
}
