// Examples for node-crypto.yaml: `ruleid: <rule> (<algorithms>)` above a line that must match, `ok: <rule>` above
// one that must not.
const crypto = require('node:crypto')
const { createHash, createCipheriv, generateKeyPairSync, scryptSync } = require('node:crypto')

// ruleid: dca.javascript.node-digest (sha2)
const h1 = crypto.createHash('sha256').update('x').digest('hex')
// ruleid: dca.javascript.node-digest (md5)
const h2 = createHash('md5')
// ruleid: dca.javascript.node-digest (sha1)
const h3 = require('crypto').createHash(`sha1`)
// ok: dca.javascript.node-digest
const h4 = crypto.createHash(algorithmFromConfig)
// ok: dca.javascript.node-digest
const h5 = hasher.update('sha256')
// ruleid: dca.javascript.node-digest (sha2)
// ruleid: dca.javascript.node-hmac (hmac)
const m1 = crypto.createHmac('sha512', secret)
// ruleid: dca.javascript.node-digest (sha2)
// ok: dca.javascript.node-hmac
const m2 = crypto.createHash('sha512')

// ruleid: dca.javascript.node-cipher (aes, gcm)
const c1 = crypto.createCipheriv('aes-256-gcm', key, iv)
// ruleid: dca.javascript.node-cipher (3des, cbc)
const c2 = createCipheriv('des-ede3-cbc', key, iv)
// ruleid: dca.javascript.node-cipher (chacha20)
const c3 = crypto.createDecipheriv('chacha20-poly1305', key, iv, { authTagLength: 16 })
// ok: dca.javascript.node-cipher
const c4 = crypto.createCipheriv(options.cipher, key, iv)

// ruleid: dca.javascript.node-sign (rsa, sha2)
const s1 = crypto.createSign('RSA-SHA256')
// ruleid: dca.javascript.node-sign (sha2)
const s2 = crypto.createVerify('sha384')
// ok: dca.javascript.node-sign
const s3 = crypto.sign(null, data, privateKey)

// ruleid: dca.javascript.node-key-pair (rsa)
const k1 = generateKeyPairSync('rsa', { modulusLength: 2048 })
// ruleid: dca.javascript.node-key-pair (ed25519)
crypto.generateKeyPair('ed25519', {}, done)
// ruleid: dca.javascript.node-key-pair (ecc)
const k3 = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
// ok: dca.javascript.node-key-pair
const k4 = crypto.generateKeyPairSync(type, options)

// ruleid: dca.javascript.node-pbkdf2 (pbkdf2)
// ruleid: dca.javascript.node-pbkdf2-digest (sha2)
const d1 = crypto.pbkdf2Sync(password, salt, 100000, 64, 'sha512')
// ruleid: dca.javascript.node-pbkdf2 (pbkdf2)
// ok: dca.javascript.node-pbkdf2-digest
crypto.pbkdf2(password, salt, 1000, 32, digest, done)
// ok: dca.javascript.node-pbkdf2
const d3 = pbkdf2Params.iterations
// ruleid: dca.javascript.node-scrypt (scrypt)
const d4 = scryptSync(password, salt, 64)
// ok: dca.javascript.node-scrypt
const d5 = scryptParams.N
// ruleid: dca.javascript.node-hkdf (hkdf)
const d6 = crypto.hkdfSync('sha256', ikm, salt, info, 32)
// ok: dca.javascript.node-hkdf
const d7 = hkdfInfo.length

// ruleid: dca.javascript.node-ecdh (ecdh)
const e1 = crypto.createECDH('prime256v1')
// ok: dca.javascript.node-ecdh
const e2 = curves.ECDH
// ruleid: dca.javascript.node-diffie-hellman (dhe)
const e3 = crypto.createDiffieHellman(2048)
// ruleid: dca.javascript.node-diffie-hellman (dhe)
const e4 = crypto.getDiffieHellman('modp14')
// ok: dca.javascript.node-diffie-hellman
const e5 = diffieHellmanSupported()
