// Algorithm names as APIs spell them → catalogue ids: OpenSSL/Node cipher and digest names (`aes-256-gcm`,
// `des-ede3-cbc`, `sha512-256`, `RSA-SHA256`), JCA names and transformations (`AES/GCM/NoPadding`, `SHA256withRSA`,
// `HmacSHA256`, `PBKDF2WithHmacSHA256`, `DESede`), WebCrypto names (`RSA-OAEP`, `AES-KW`, `ECDSA`) and Python's
// (`sha3_256`, `blake2b`). A dca rule that captures a literal argument reports what this returns for it.

type Step = (token: string, next: string | undefined) => string[] | undefined

const SHA2_SIZES = /^(224|256|384|512)$/

/** Token → ids; `next` is the following token (for `sha-256`, `des-ede3`). Undefined: not an algorithm token. */
const TOKEN: Step = (t, next) => {
  if (/^aes\d*$/.test(t) || /^aes(128|192|256)?(gcm|cbc|ctr|ccm|ecb|cfb|ofb|xts)$/.test(t)) return aesWithMode(t)
  if (t === 'rijndael') return ['rijndael']
  if (t === 'des') return next && /^ede3?$/.test(next) ? ['3des'] : ['des']
  if (t === 'desede' || t === 'desede3') return ['desede']
  if (t === 'des3' || t === '3des' || t === 'tripledes' || t === 'tdea') return ['3des']
  if (t === 'bf' || t === 'blowfish') return ['blowfish']
  if (/^cast(5|128)?$/.test(t)) return ['cast']
  if (/^(rc2|rc4|rc5|rc6|idea|seed|serpent|twofish|threefish|salsa20|elgamal|whirlpool|tiger)$/.test(t)) return [t]
  if (t === 'arcfour' || t === 'arc4') return ['rc4']
  if (t === 'arc2') return ['rc2']
  if (t === 'rabbit') return ['rabbit']
  if (/^camellia\d*$/.test(t)) return ['camellia']
  if (/^aria\d*$/.test(t)) return ['aria']
  if (t === 'sm4') return ['sms4']
  if (t === 'sm3') return ['sm3']
  if (/^x?chacha(20)?(poly1305)?$/.test(t)) return ['chacha20']
  if (/^(gcm|cbc|ecb|ctr|ccm|ofb|xts)$/.test(t)) return [t]
  if (/^cfb\d*$/.test(t)) return ['cfb']
  if (/^md[245]$/.test(t) || t === 'mdc2') return [t]
  if (t === 'sha1') return ['sha1']
  if (t === 'sha') return next && SHA2_SIZES.test(next) ? ['sha2'] : next === '2' ? ['sha2'] : ['sha1']
  if (t === 'sha2' || /^sha(224|256|384|512)$/.test(t)) return ['sha2']
  if (/^sha3(224|256|384|512)?$/.test(t) || /^shake(128|256)?$/.test(t)) return ['sha3']
  if (/^(ripemd|rmd)\d*$/.test(t)) return ['ripemd']
  if (/^blake2[bs]?\d*$/.test(t) || /^blake2[bs]p$/.test(t)) return ['blake2']
  if (t === 'blake3') return ['blake3']
  if (/^keccak\d*$/.test(t)) return ['keccak']
  if (t === 'hmac') return ['hmac']
  if (t === 'cmac') return ['CMAC']
  if (/^(pbkdf1|pbkdf2|hkdf|scrypt|bcrypt|mgf1|pbe|pbes1|pbes2|dss)$/.test(t)) return [t]
  if (t === 'pbkdf2hmac' || t === 'rfc2898derivebytes') return ['pbkdf2']
  if (t === 'hkdfexpand') return ['hkdf']
  if (/^argon2(i|d|id)?$/.test(t)) return ['argon2']
  if (/^kmac(128|256)?$/.test(t)) return ['kmac']
  if (t === 'rsa' || t === 'rsassa' || t === 'rsaes' || t === 'rsaencryption') return ['rsa']
  if (t === 'oaep') return ['rsa-oaep']
  if (t === 'pss' || t === 'rsassapss') return ['rsassapss']
  if (t === 'dsa') return ['dsa']
  if (t === 'ecdsa') return ['ecdsa']
  if (t === 'ecdh' || t === 'ecdhe' || t === 'ecdiffiehellman') return ['ecdh']
  if (t === 'ec' || t === 'ecc') return ['ecc']
  if (t === 'dh' || t === 'dhe' || t === 'diffiehellman') return ['dhe']
  if (/^(ed25519|ed448|x25519|x448|eddsa)$/.test(t)) return [t]
  return undefined
}

function aesWithMode(t: string): string[] {
  const mode = /(gcm|cbc|ctr|ccm|ecb|cfb|ofb|xts)$/.exec(t)
  return mode ? ['aes', mode[1] as string] : ['aes']
}

/** Splits a name into lower-case tokens; JCA's `…With…`/`…And…` joins and `Hmac…` prefixes become separators. */
function algorithmTokens(name: string): string[] {
  const s = name
    .trim()
    .replace(/^['"`]|['"`]$/g, '')
    .replace(/([A-Za-z0-9])([Ww]ith|[Aa]nd)(?=[A-Z0-9])/g, '$1-$2-')
    .replace(/(^|[^A-Za-z])hmac(?=[A-Za-z0-9])/gi, '$1hmac-')
    .toLowerCase()
  return s
    .split(/[^a-z0-9]+/)
    .map((t) => (t.length > 7 ? t.replace(/padding$/, '') : t))
    .filter((t) => t.length > 0)
}

/**
 * The catalogue ids named by an algorithm string, in order, each once; only ids in `known` (the catalogue) are
 * kept. `[]` when the string names no algorithm (`utf8`, a variable name).
 */
export function normaliseAlgorithm(name: string, known: ReadonlySet<string>): string[] {
  const tokens = algorithmTokens(name)
  const out: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    for (const id of TOKEN(tokens[i] as string, tokens[i + 1]) ?? []) if (!out.includes(id)) out.push(id)
  }
  // RSA-OAEP / RSA-PSS name a scheme of RSA: report the scheme. JCA's `RSA/ECB/…` mode is a no-op, not ECB.
  const scheme = out.includes('rsa-oaep') || out.includes('rsassapss')
  const rsa = out.includes('rsa') || scheme
  return out.filter((id) => known.has(id) && !(scheme && id === 'rsa') && !(rsa && id === 'ecb'))
}
