// One interface for ordering versions, whatever the ecosystem.
export interface VersionScheme {
  readonly name: string
  /** Whether the scheme understands this version string (natural sort understands every string). */
  isValid(v: string): boolean
  /** Negative, zero or positive, as Array.prototype.sort expects; a total order over all strings. */
  compare(a: string, b: string): number
  isPrerelease(v: string): boolean
}
