// NuGet versions (learn.microsoft.com/nuget/concepts/package-versioning): SemVer 2.0.0 with one to four numeric
// parts (missing ones are 0, so 1.0 = 1.0.0 = 1.0.0.0; leading zeros allowed), a pre-release label whose
// alphanumeric identifiers compare case-insensitively, and build metadata that plays no part in the order.
import { parsedScheme } from './parsed-scheme.ts'
import { compareSemver2, parseSemver2 } from './semver2.ts'

export const nugetScheme = parsedScheme({
  name: 'nuget',
  parse: (v) => parseSemver2(v.trim(), { parts: [1, 4], leadingZeros: true }),
  compare: (a, b) => compareSemver2(a, b, true),
  isPrerelease: (p) => p.pre.length > 0,
})
