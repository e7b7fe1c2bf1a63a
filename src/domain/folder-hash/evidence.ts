// Whether an indexed folder is evidence that a request folder holds the same content (docs/folder-hashing.md
// "Evidence"). Two unrelated folders' content simhashes differ in 32 ± 4 of 64 bits, and their names hashes can be
// near identical (index, lib, LICENSE, README and package are in every npm package), so among the hundreds of
// candidates of a folder the nearest unrelated one lands at a content distance of 17-24 with any names distance:
// a score of 0.2-0.4 for a package the KB does not hold. A match therefore needs a content distance chance does not
// reach, and a content hash that is not shared by several unrelated packages (files every package of a kind has:
// TypeScript's `export {};` output repeated dozens of times pulls such folders' content hashes together).

/** Hamming distances (0-64) between a request folder's hashes and an indexed folder's. */
export interface Distances {
  names: number
  content: number
  dirs: number
}

/** At most this content distance is evidence alone: P(≤ 12 of 64 bits by chance) = 2.3e-7. */
const CONTENT_EVIDENCE = 12
/** With near identical names (at most NAMES_CONFIRMING bits apart) this content distance still is (3.1e-4). */
const CONTENT_WITH_NAMES = 18
const NAMES_CONFIRMING = 2
/** Content evidence needs names this near too: same contents under other names is a hash swayed by repeated files. */
const NAMES_BOUND = 12
/** Content this near (1e-14 by chance) is a copy whatever else is near: never ambiguous. */
const CONTENT_EXACT = 4
/** Another package folder within this many bits of the best content distance makes that content ambiguous. */
const AMBIGUITY_MARGIN = 4

/** Whether one indexed folder is evidence of the same content (the rules above). */
export function isEvidence(d: Distances): boolean {
  if (d.names > NAMES_BOUND) return false
  return d.content <= CONTENT_EVIDENCE || (d.content <= CONTENT_WITH_NAMES && d.names <= NAMES_CONFIRMING)
}

/** Whether a package folder is near enough in content to make some evidence ambiguous (the rest need not be kept). */
export function mayMakeAmbiguous(d: Distances): boolean {
  return d.content <= Math.max(CONTENT_EVIDENCE, CONTENT_WITH_NAMES) + AMBIGUITY_MARGIN
}

/**
 * Whether the best evidence of a folder (content distance `best`, of component `purl`) is ambiguous: not a copy,
 * and the package folder of another component is about as near in content (`near`: components' package folders
 * and their content distances, evidence or not). Such content is common to packages of a kind, not one package's.
 */
export function isAmbiguous(best: number, purl: string, near: Iterable<{ purl: string; content: number }>): boolean {
  if (best <= CONTENT_EXACT) return false
  for (const n of near) if (n.purl !== purl && n.content <= best + AMBIGUITY_MARGIN) return true
  return false
}
