// PyPI's version scheme: PEP 440's order (pep440-version.ts) and its version specifiers (pep440-specifiers.ts).
import { parsedScheme } from './parsed-scheme.ts'
import { pep440Specifiers } from './pep440-specifiers.ts'
import { comparePep440, isPep440Prerelease, parsePep440 } from './pep440-version.ts'

export const pep440Scheme = parsedScheme({
  name: 'pep440',
  ranges: pep440Specifiers,
  parse: parsePep440,
  compare: comparePep440,
  isPrerelease: isPep440Prerelease,
})
