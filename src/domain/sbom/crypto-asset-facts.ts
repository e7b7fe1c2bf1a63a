// What a CycloneDX cryptographic asset says about a catalogue algorithm beyond its name (docs/sbom.md "CycloneDX out",
// the mapping table and its sources): the primitive, the 1.7 algorithm family, the block-cipher mode, and the
// classical and NIST quantum security levels, each only where the catalogue or a cited standard gives it.
import type { CatalogueAlgorithm } from '../cryptography/types.ts'

export interface AlgorithmProperties {
  primitive?: string
  algorithmFamily?: string
  mode?: string
  classicalSecurityLevel?: number
  nistQuantumSecurityLevel?: number
}

/** Catalogue categories whose every member (but the misfiled ones below) is one CycloneDX primitive. */
const BY_CATEGORY: Record<string, string> = {
  'Hash Functions': 'hash',
  'Hash Function': 'hash',
  'Password Hashing': 'hash',
  'Message Authentication Codes': 'mac',
  'Key Derivation Functions': 'kdf',
  'Key Agreement': 'key-agree',
  'Key Encapsulation': 'kem',
  'Digital Signature Algorithm': 'signature',
  'Stream Cipher': 'stream-cipher',
  'Random Number Generation': 'drbg',
  'Key Wrapping': 'key-wrap',
}

/** Filed under a category they do not belong to (argon2 carries CMAC's name; PBE/PBES are encryption schemes). */
const MISFILED = new Set(['argon2', 'cms', 'pbe', 'pbes1', 'pbes2'])

/** The primitive a standard gives algorithms whose catalogue name does not say it. */
const BY_STANDARD: Record<string, string> = {
  aes: 'block-cipher', // FIPS 197
  rijndael: 'block-cipher', // FIPS 197
  des: 'block-cipher', // FIPS 46-3
  '3des': 'block-cipher', // SP 800-67r2
  tdes: 'block-cipher', // SP 800-67r2
  desede: 'block-cipher', // SP 800-67r2
  camellia: 'block-cipher', // RFC 3713
  chacha20: 'stream-cipher', // RFC 8439
  'crystals-kyber': 'kem', // FIPS 203
  'sphincs+': 'signature', // FIPS 205
  kangarootwelve: 'xof', // RFC 9861
}

/** In the other (mixed) categories, the primitive the catalogue's own algorithm name states; the first match wins. */
const BY_NAME: [RegExp, string][] = [
  [/block cipher/i, 'block-cipher'],
  [/stream cipher/i, 'stream-cipher'],
  [/message authentication code/i, 'mac'],
  [/hash function/i, 'hash'],
  [/key encapsulation/i, 'kem'],
  [/signature/i, 'signature'],
  [/asymmetric encryption|public-key encryption|integrated encryption scheme/i, 'pke'],
  [/key exchange|diffie-hellman/i, 'key-agree'],
]

/** CycloneDX 1.7 algorithm families (cryptography-defs) that a catalogue id names exactly. */
const FAMILY: Record<string, string> = {
  '3des': '3DES',
  tdes: '3DES',
  desede: '3DES',
  aes: 'AES',
  aria: 'ARIA',
  blake2: 'BLAKE2',
  blake3: 'BLAKE3',
  blowfish: 'Blowfish',
  camellia: 'CAMELLIA',
  CMAC: 'CMAC',
  cmea: 'CMEA',
  chacha20: 'ChaCha20',
  des: 'DES',
  dsa: 'DSA',
  ecdh: 'ECDH',
  x25519: 'ECDH',
  x448: 'ECDH',
  ecdsa: 'ECDSA',
  eddsa: 'EdDSA',
  ed25519: 'EdDSA',
  ed448: 'EdDSA',
  elgamal: 'ElGamal',
  ansix942: 'FFDH',
  fortuna: 'Fortuna',
  gost: 'GOST',
  hc: 'HC',
  hkdf: 'HKDF',
  hmac: 'HMAC',
  idea: 'IDEA',
  lms: 'LMS',
  md2: 'MD2',
  md4: 'MD4',
  md5: 'MD5',
  mldsa: 'ML-DSA',
  mlkem: 'ML-KEM',
  mqv: 'MQV',
  pbes1: 'PBES1',
  pbes2: 'PBES2',
  pbkdf1: 'PBKDF1',
  pbkdf2: 'PBKDF2',
  rabbit: 'RABBIT',
  rc2: 'RC2',
  rc4: 'RC4',
  rc5: 'RC5',
  rc6: 'RC6',
  ripemd: 'RIPEMD',
  md160: 'RIPEMD',
  'rsa-oaep': 'RSAES-OAEP',
  rsassapss: 'RSASSA-PSS',
  seed: 'SEED',
  sha1: 'SHA-1',
  sha2: 'SHA-2',
  sha3: 'SHA-3',
  sm3: 'SM3',
  sms4: 'SM4',
  srp: 'SRP',
  salsa20: 'Salsa20',
  serpent: 'Serpent',
  siphash: 'SipHash',
  skipjack: 'Skipjack',
  twofish: 'Twofish',
  whirlpool: 'Whirlpool',
  xmss: 'XMSS',
  xmssmt: 'XMSS',
  yarrow: 'Yarrow',
  zuc: 'ZUC',
  bcrypt: 'bcrypt',
  scrypt: 'scrypt',
}

/** The block cipher modes CycloneDX names; another catalogue mode (xts) is `other`. */
const MODES = new Set(['cbc', 'ecb', 'ccm', 'gcm', 'cfb', 'ofb', 'ctr'])

/** The one security level a standard publishes for a fixed-parameter algorithm (RFC 7748, RFC 8032). */
const PUBLISHED_LEVEL: Record<string, number> = { x25519: 128, x448: 224, ed448: 224 }

/**
 * Public-key algorithms resting on integer factorisation or (elliptic-curve) discrete logarithms, which Shor's
 * algorithm breaks: NIST IR 8105 Table 1 ("no longer secure"), so they meet no NIST category (level 0).
 */
const BROKEN_BY_SHOR = new Set([
  ...['rsa', 'rsa-oaep', 'rsassapss', 'rsakem', 'rabin', 'dsa', 'dss', 'dhe', 'dhies', 'elgamal', 'mqv', 'ansix942'],
  ...['ecc', 'ecdsa', 'ecdh', 'ecmqv', 'ecnr', 'dstu4145', 'eddsa', 'ed25519', 'ed448', 'x25519', 'x448', 'xdh'],
])

export function algorithmProperties(a: CatalogueAlgorithm, specVersion: '1.6' | '1.7'): AlgorithmProperties {
  const out: AlgorithmProperties = {}
  const primitive = primitiveOf(a)
  // 1.6 has no key-wrap primitive: `other` ("another primitive type") is what it offers for one
  if (primitive) out.primitive = primitive === 'key-wrap' && specVersion === '1.6' ? 'other' : primitive
  const family = FAMILY[a.id]
  if (family && specVersion === '1.7') out.algorithmFamily = family
  if (a.category === 'Block Cipher Modes') out.mode = MODES.has(a.id) ? a.id : 'other'
  const level = PUBLISHED_LEVEL[a.id]
  if (level !== undefined && a.strengthBits === String(level)) out.classicalSecurityLevel = level
  if (BROKEN_BY_SHOR.has(a.id)) out.nistQuantumSecurityLevel = 0
  return out
}

function primitiveOf(a: CatalogueAlgorithm): string | undefined {
  const standard = BY_STANDARD[a.id]
  if (standard) return standard
  if (MISFILED.has(a.id)) return undefined
  const byCategory = BY_CATEGORY[a.category]
  if (byCategory) return byCategory
  return BY_NAME.find(([pattern]) => pattern.test(a.name))?.[1]
}

/** For the tests: every table's keys, which must all be catalogue ids, and the families, which 1.7 must name. */
export const MAPPED = {
  ids: [
    ...MISFILED,
    ...Object.keys(BY_STANDARD),
    ...Object.keys(FAMILY),
    ...MODES,
    ...Object.keys(PUBLISHED_LEVEL),
    ...BROKEN_BY_SHOR,
  ],
  categories: Object.keys(BY_CATEGORY),
  families: Object.values(FAMILY),
}
