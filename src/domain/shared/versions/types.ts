// One interface for ordering versions, whatever the ecosystem.
export interface VersionScheme {
  readonly name: string
  /**
   * The requirement syntax of the ecosystem's resolver: `semver` = node-semver ranges (`^1.2`, `~1`, `1.x`, …),
   * `comparators` = exact versions and `= > >= < <=` comparators in this scheme's order (docs/requirements.md).
   */
  readonly ranges: 'semver' | 'comparators'
  /** Whether the scheme understands this version string (natural sort understands every string). */
  isValid(v: string): boolean
  /**
   * Negative, zero or positive, as Array.prototype.sort expects; a total preorder over all strings. Zero means the
   * ecosystem counts both as the same version (PyPI `1.0` and `1.0.0`); strings the scheme does not understand sort
   * below every version it does, in natural order among themselves.
   */
  compare(a: string, b: string): number
  isPrerelease(v: string): boolean
}
