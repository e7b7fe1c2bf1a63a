// Examples for node-forge.yaml.
const forge = require('node-forge')

// ruleid: dca.javascript.forge-md (sha2)
const md = forge.md.sha256.create()
// ruleid: dca.javascript.forge-md (md5)
const md2 = forge.md.md5.create()
// ok: dca.javascript.forge-md
const md3 = forge.md.algorithms
// ruleid: dca.javascript.forge-cipher (aes, cbc)
const cipher = forge.cipher.createCipher('AES-CBC', key)
// ruleid: dca.javascript.forge-cipher (3des, cbc)
const decipher = forge.cipher.createDecipher('3DES-CBC', key)
// ok: dca.javascript.forge-cipher
const other = forge.cipher.createCipher(algorithm, key)
// ruleid: dca.javascript.forge-rsa (rsa)
const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 })
// ok: dca.javascript.forge-rsa
const cert = forge.pki.createCertificate()
// ruleid: dca.javascript.forge-hmac (hmac)
const hmac = forge.hmac.create()
// ok: dca.javascript.forge-hmac
const util = forge.util.createBuffer()
// ruleid: dca.javascript.forge-pbkdf2 (pbkdf2)
const derived = forge.pkcs5.pbkdf2('password', salt, 1000, 16)
// ok: dca.javascript.forge-pbkdf2
const encoded = forge.util.encode64(derived)
