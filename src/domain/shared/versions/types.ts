// One interface for ordering versions, whatever the ecosystem.
export interface VersionScheme {
  readonly name: string
  /**
   * The requirement syntax of the ecosystem's resolver: `semver` = node-semver ranges (`^1.2`, `~1`, `1.x`, …),
   * `comparators` = exact versions and `= > >= < <=` comparators in this scheme's order, or the ecosystem's own
   * syntax, parsed and matched by the scheme (PEP 440 specifiers, Cargo's requirements; docs/requirements.md).
   */
  readonly ranges: 'semver' | 'comparators' | RangeSyntax
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

/** An ecosystem's own requirement syntax. */
export interface RangeSyntax {
  readonly name: string
  /**
   * The requirement (whitespace trimmed, at most a few hundred characters): `{ exact }` when it names exactly one
   * version, `{ range }` otherwise, undefined when it is not a requirement in this syntax.
   */
  parse(text: string): { exact: string } | { range: OwnRange } | undefined
}

/** A parsed requirement of an ecosystem's own syntax. */
export interface OwnRange {
  /**
   * The versions among `versions` the requirement admits, in their given order, by the ecosystem's rules, its
   * pre-release rules included (a PEP 440 specifier admits a pre-release only when it names one or nothing else
   * matches; a Cargo requirement only when a comparator names a pre-release of the same major.minor.patch).
   */
  admit<T extends { version: string }>(versions: readonly T[]): T[]
}
