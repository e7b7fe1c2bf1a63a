// Examples for webcrypto.yaml (TypeScript).
const subtle = globalThis.crypto.subtle

export async function examples(key: CryptoKey, raw: ArrayBuffer, data: Uint8Array, iv: Uint8Array) {
  // ruleid: dca.javascript.webcrypto-algorithm (aes, gcm)
  const a = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, data)
  // ruleid: dca.javascript.webcrypto-algorithm (rsa-oaep)
  // ruleid: dca.javascript.webcrypto-hash (sha2)
  const b = await window.crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt'],
  )
  // ruleid: dca.javascript.webcrypto-algorithm (ecdsa)
  // ruleid: dca.javascript.webcrypto-hash (sha2)
  const c = await subtle.sign({ name: 'ECDSA', hash: { name: 'SHA-384' } }, key, data)
  // ruleid: dca.javascript.webcrypto-algorithm (sha1)
  const d = await subtle.digest('SHA-1', data)
  // ok: dca.javascript.webcrypto-algorithm
  const e = await subtle.encrypt(params, key, data)
  // ok: dca.javascript.webcrypto-algorithm
  const f = await mailer.sign({ name: 'ECDSA' }, key)
  // ruleid: dca.javascript.webcrypto-key-algorithm (hmac)
  // ruleid: dca.javascript.webcrypto-hash (sha2)
  const g = await subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-512' }, false, ['sign'])
  // ruleid: dca.javascript.webcrypto-key-algorithm (pbkdf2)
  const h = await subtle.importKey('raw', raw, 'PBKDF2', false, ['deriveKey'])
  // ok: dca.javascript.webcrypto-key-algorithm
  const i = await subtle.importKey('jwk', jwk, algorithm, true, usages)
  // ruleid: dca.javascript.webcrypto-algorithm (ed25519)
  // ok: dca.javascript.webcrypto-hash
  const j = await subtle.sign({ name: 'Ed25519' }, key, data)
  return [a, b, c, d, e, f, g, h, i, j]
}
