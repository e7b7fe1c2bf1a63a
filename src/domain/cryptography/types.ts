// Cryptography: what the crypto analyzer stores per version and what the endpoints answer
// (docs/api-behaviour.md "Cryptography").
import type { Strength } from './strength.ts'

export const CRYPTO_ANALYZER = 'crypto'

export interface Algorithm {
  /** Catalogue id, lower case (`aes`, `sha1`, `rsa-oaep`). */
  algorithm: string
  strength: Strength
}

export interface Hint {
  id: string
  name: string
  description: string
  category: 'protocol' | 'library' | 'sdk' | 'framework'
  url: string
  purl: string
}

/** Where a finding was made: enough to explain an answer. */
export interface Evidence {
  path: string
  /** 1-based; 0 for a package.json dependency. */
  line: number
  /** The rule that fired: `keywords/<algorithm>`, a dca rule id, or `hints/<how>`. */
  rule: string
}

/** The crypto analyzer's output for one package version (analyses.output, analyzer `crypto`). */
export interface CryptoAnalysis {
  algorithms: (Algorithm & { strength_bits: string; files: number; evidence: Evidence[] })[]
  hints: (Hint & { evidence: Evidence[] })[]
}

/** The algorithms found in one file content (catalogue ids, sorted): the scan's per-file answer (file_algorithms). */
export interface ContentAlgorithms {
  /** MD5 of the file's content, lower-case hex. */
  md5: string
  algorithms: string[]
}

/** What the crypto analyzer hands the KB writer: the version's analysis and, per file content, its algorithms. */
export type CryptoOutput = CryptoAnalysis & { files: ContentAlgorithms[] }

/** The algorithms of file contents, by MD5 (storage implements it; the scan's cryptography block reads it). */
export interface FileAlgorithmReader {
  /** The algorithms of each of these contents that has any; one query per chunk of keys. */
  ofContents(md5s: readonly string[]): Promise<Map<string, string[]>>
}

/** One algorithm of the cryptographic algorithm catalogue (data/crypto-algorithms; ingest/crypto/catalogue.ts). */
export interface CatalogueAlgorithm {
  /** The upstream algorithmId, e.g. `aes`, `sha1`, `rsa-oaep`. */
  id: string
  name: string
  category: string
  /** The upstream `strength` as written (bits; `128-256`, `''` when unknown). */
  strengthBits: string
  /** Lower-case substrings to look for in lower-cased source (cleaned as data/crypto-algorithms/README.md says). */
  keywords: string[]
  /** What a cryptography bill of materials says of it (data/crypto-cbom); absent for an id the table lacks. */
  cbom?: CbomFacts
}

/** One row of data/crypto-cbom/algorithms.json: reference facts, each from the source its README names. */
export interface CbomFacts {
  /** The short name CBOM tools use (AES, SHA-2, RSA-OAEP). */
  name: string
  /** A CycloneDX primitive (block-cipher, hash, …), where the catalogue or a standard says one. */
  primitive?: string
  /** The CycloneDX 1.7 algorithm family, where the id names exactly one. */
  family?: string
  /** For a block cipher mode: the CycloneDX mode (cbc, gcm, …, `other`). */
  mode?: string
  oid?: string
  classicalSecurityLevel?: number
  nistQuantumSecurityLevel?: number
  /** The levels are the lowest over the family's parameter sets (the analysis does not see which one is used). */
  levelsAreLowest?: boolean
}
