// crates.io versions: SemVer 2.0.0 exactly as Cargo reads them (MAJOR.MINOR.PATCH, no leading `v`, no leading
// zeros), with SemVer precedence: build metadata is ignored, so 1.0.0+a and 1.0.0 are the same version.
// Requirements are Cargo's own (cargo-requirements.ts): a bare `1.2.3` is a caret requirement.
import { cargoRequirements } from './cargo-requirements.ts'
import { parsedScheme } from './parsed-scheme.ts'
import { compareSemver2, parseSemver2 } from './semver2.ts'

export const cargoScheme = parsedScheme({
  name: 'cargo',
  ranges: cargoRequirements,
  parse: (v) => parseSemver2(v, { parts: [3, 3] }),
  compare: (a, b) => compareSemver2(a, b),
  isPrerelease: (p) => p.pre.length > 0,
})
