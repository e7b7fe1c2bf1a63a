// One walked package version as the KB records its analysis (domain/kb/types.ts VersionAnalysis): its files, each
// analyzer's output with its version, and the licenses the license-files analyzer found. Shared by every source
// whose packages are walked (npm tarballs, Debian .deb files).
import type { DetectedLicense, VersionAnalysis } from '../domain/kb/types.ts'
import { LICENSE_FILES_ANALYZER } from '../domain/licenses/types.ts'
import type { Analyzer } from './analyzers/types.ts'
import type { WalkResult } from './tarball-walk.ts'

export function versionAnalysis(
  version: string,
  asOf: string,
  analyzers: readonly Analyzer<unknown>[],
  walked: WalkResult,
): VersionAnalysis {
  return {
    version,
    asOf,
    files: walked.files,
    // an analyzer without output did not read this version (a Debian package's source that could not be had)
    outputs: analyzers
      .filter((a) => walked.outputs[a.name] !== undefined)
      .map((a) => ({ analyzer: a.name, analyzerVersion: a.version, output: walked.outputs[a.name] })),
    detectedLicenses: detected(walked.outputs[LICENSE_FILES_ANALYZER]),
  }
}

function detected(output: unknown): DetectedLicense[] {
  const list =
    (output as { licenses?: { path: string; spdx_id: string | null; score: number }[] } | undefined)?.licenses ?? []
  return list
    .filter((l) => l.spdx_id !== null)
    .map((l) => ({ licenseId: l.spdx_id as string, path: l.path, score: l.score }))
}
