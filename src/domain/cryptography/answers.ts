// The answers of the cryptography endpoints, from the analyses a question covers (docs/api-behaviour.md
// "Cryptography"): algorithms of a version, algorithms and versions across a range, version coverage, hints. Names are
// catalogue ids (lower case).
import type { CryptoSubject } from './component-crypto.ts'
import type { Algorithm, CryptoAnalysis, Hint } from './types.ts'

function algorithmsIn(analyses: readonly { analysis: CryptoAnalysis }[]): Algorithm[] {
  const seen = new Map<string, Algorithm>()
  for (const { analysis } of analyses)
    for (const a of analysis.algorithms) {
      const name = a.algorithm.toLowerCase()
      if (!seen.has(name)) seen.set(name, { algorithm: name, strength: a.strength })
    }
  return [...seen.values()].sort((a, b) => (a.algorithm < b.algorithm ? -1 : a.algorithm > b.algorithm ? 1 : 0))
}

function hintsIn(analyses: readonly { analysis: CryptoAnalysis }[]): Hint[] {
  const seen = new Map<string, Hint>()
  for (const { analysis } of analyses)
    for (const { evidence: _evidence, ...h } of analysis.hints) if (!seen.has(h.id)) seen.set(h.id, h)
  return [...seen.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** The algorithms of the resolved version. */
export function algorithmsAnswer(s: CryptoSubject) {
  return { purl: s.purl, version: s.version, requirement: s.requirement, algorithms: algorithmsIn(s.analyses) }
}

/** Versions in range with at least one algorithm (ascending), and the algorithms found across them. */
export function algorithmsInRangeAnswer(s: CryptoSubject) {
  return {
    purl: s.purl,
    requirement: s.requirement,
    versions: s.analyses.filter((a) => a.analysis.algorithms.length > 0).map((a) => a.version),
    algorithms: algorithmsIn(s.analyses),
  }
}

/**
 * Analyzed versions in range with and without algorithms (ascending); versions in range that were never
 * analyzed are neither, and are listed apart so that nothing is claimed about them.
 */
export function versionsInRangeAnswer(s: CryptoSubject) {
  const analyzed = new Set(s.analyses.map((a) => a.version))
  return {
    purl: s.purl,
    requirement: s.requirement,
    versionsWith: s.analyses.filter((a) => a.analysis.algorithms.length > 0).map((a) => a.version),
    versionsWithout: s.analyses.filter((a) => a.analysis.algorithms.length === 0).map((a) => a.version),
    versionsNotAnalyzed: s.versions.filter((v) => !analyzed.has(v)),
  }
}

/** The hints of the resolved version. */
export function hintsAnswer(s: CryptoSubject) {
  return { purl: s.purl, version: s.version, requirement: s.requirement, hints: hintsIn(s.analyses) }
}

/** Hints in range: versions in range with at least one hint (ascending), and the hints found across them. */
export function hintsInRangeAnswer(s: CryptoSubject) {
  return {
    purl: s.purl,
    requirement: s.requirement,
    versions: s.analyses.filter((a) => a.analysis.hints.length > 0).map((a) => a.version),
    hints: hintsIn(s.analyses),
  }
}
