// What a CycloneDX cryptographic asset says about a catalogue algorithm beyond its name (docs/sbom.md "The
// cryptography bill of materials"): the primitive, the 1.7 algorithm family, the block-cipher mode, the OID and the
// classical and NIST quantum security levels, each only where its row of data/crypto-cbom (with its source) gives it.
import type { CbomFacts } from '../cryptography/types.ts'

export interface AlgorithmProperties {
  primitive?: string
  algorithmFamily?: string
  mode?: string
  classicalSecurityLevel?: number
  nistQuantumSecurityLevel?: number
}

/** The algorithm's properties; with `mode`, those of the cipher running in that mode (AES with mode cbc). */
export function algorithmProperties(
  f: CbomFacts | undefined,
  specVersion: '1.6' | '1.7',
  mode?: CbomFacts,
): AlgorithmProperties {
  const out: AlgorithmProperties = {}
  if (!f) return out
  // 1.6 has no key-wrap primitive: `other` ("another primitive type") is what it offers for one
  if (f.primitive) out.primitive = f.primitive === 'key-wrap' && specVersion === '1.6' ? 'other' : f.primitive
  if (f.family && specVersion === '1.7') out.algorithmFamily = f.family
  const m = mode?.mode ?? f.mode
  if (m) out.mode = m
  if (f.classicalSecurityLevel !== undefined) out.classicalSecurityLevel = f.classicalSecurityLevel
  if (f.nistQuantumSecurityLevel !== undefined) out.nistQuantumSecurityLevel = f.nistQuantumSecurityLevel
  return out
}
