// A package's license from its copyright file (docs/debian.md "Licenses from debian/copyright"): a machine-readable
// (DEP-5) file's expression, else the licenses its text names or holds (the ingester's license matcher passed in),
// as the declared license of the version, with the method that read it.
import type { VersionFacts } from '../../domain/kb/types.ts'
import { normaliseDeclaredLicense } from '../../ingest/analyzers/declared-license.ts'
import { matchLicense } from '../../ingest/analyzers/license-match.ts'
import { debianCopyrightLicenses } from './copyright-text.ts'

export interface CopyrightLicense {
  license: VersionFacts['license']
  method: 'dep5' | 'text'
}

export function licenseOfCopyright(text: string): CopyrightLicense {
  const read = debianCopyrightLicenses(text, matchLicense)
  return {
    license: read.expression ? normaliseDeclaredLicense(read.expression) : null,
    method: read.format,
  }
}
