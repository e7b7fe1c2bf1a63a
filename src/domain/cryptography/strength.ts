// Strong / Weak, the two strength values the SCANOSS cryptography API reports (docs/cryptography.md "Strength"). The
// catalogue's own `strength` field is a bit count (key, block or digest size, written inconsistently: DES "168", RC4
// "2048"), so it cannot say whether an algorithm is safe; it is passed through as `strength_bits`. An algorithm is Weak
// when a published analysis or standard deprecates it for protection; every entry below names why.
const WEAK: Readonly<Record<string, string>> = {
  md2: 'RFC 6149 moves MD2 to Historic (preimage attacks)',
  md4: 'RFC 6150 moves MD4 to Historic (practical collisions)',
  md5: 'RFC 6151: practical collisions; not for signatures or integrity',
  sha1: 'RFC 6194 / SHAttered (2017): practical collisions; NIST SP 800-131A Rev. 2 disallows it for signatures',
  ripemd: 'original RIPEMD (128-bit): collisions found in 2004',
  des: 'NIST withdrew FIPS 46-3 (2005): 56-bit key exhaustible',
  desede: 'NIST SP 800-131A Rev. 2: TDEA disallowed for encryption after 2023; 64-bit block (SWEET32)',
  '3des': 'NIST SP 800-131A Rev. 2: TDEA disallowed for encryption after 2023; 64-bit block (SWEET32)',
  tdes: 'NIST SP 800-131A Rev. 2: TDEA disallowed for encryption after 2023; 64-bit block (SWEET32)',
  rc2: 'RFC 8018 keeps RC2 for compatibility only; related-key attacks, 64-bit block',
  rc4: 'RFC 7465 prohibits RC4 in TLS: keystream biases',
  'rc4-hmac': 'RFC 8429 deprecates RC4-HMAC Kerberos encryption types',
  blowfish: '64-bit block: birthday attacks on long sessions (SWEET32, 2016)',
  idea: '64-bit block: birthday attacks on long sessions (SWEET32, 2016)',
  cast: 'CAST-128 has a 64-bit block (SWEET32, 2016)',
  tea: 'equivalent keys and related-key attacks (Kelsey, Schneier, Wagner 1997)',
  xtea: '64-bit block; related-key rectangle attacks',
  ecb: 'ECB mode leaks plaintext patterns (NIST SP 800-38A warns against it)',
  zipcrypt: 'PKZIP stream cipher: known-plaintext attack (Biham, Kocher 1994)',
  cmea: 'broken by Wagner, Schneier, Kelsey (1997)',
  lucifer: 'predecessor of DES; broken by differential cryptanalysis',
  loki91: 'broken by differential cryptanalysis',
  skipjack: 'NIST SP 800-131A Rev. 2 disallows Skipjack for encryption',
  dsa: 'FIPS 186-5 (2023) no longer approves DSA for generating signatures',
}

export type Strength = 'Strong' | 'Weak'

export function strengthOf(algorithmId: string): Strength {
  return Object.hasOwn(WEAK, algorithmId) ? 'Weak' : 'Strong'
}
