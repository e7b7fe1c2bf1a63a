// Domain answers of the cryptography area → their snake_case wire fields (the other answers are already in the
// wire's words: purl, version, requirement, algorithms, hints, versions).
import type { versionsInRangeAnswer } from '../../../domain/cryptography/answers.ts'

export function versionsInRangeWire(a: ReturnType<typeof versionsInRangeAnswer>) {
  return {
    purl: a.purl,
    requirement: a.requirement,
    versions_with: a.versionsWith,
    versions_without: a.versionsWithout,
    versions_not_analyzed: a.versionsNotAnalyzed,
  }
}
