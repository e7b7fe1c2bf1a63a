// Examples for cryptojs.yaml.
const CryptoJS = require('crypto-js')

// ruleid: dca.javascript.cryptojs-hash (md5)
const a = CryptoJS.MD5('message').toString()
// ruleid: dca.javascript.cryptojs-hash (sha2)
const b = CryptoJS.SHA256('message')
// ruleid: dca.javascript.cryptojs-hash (hmac, sha1)
const c = CryptoJS.HmacSHA1('message', 'key')
// ruleid: dca.javascript.cryptojs-hash (pbkdf2)
const d = CryptoJS.PBKDF2('password', salt, { keySize: 8 })
// ok: dca.javascript.cryptojs-hash
const e = CryptoJS.enc.Hex.parse('00ff')
// ruleid: dca.javascript.cryptojs-cipher (aes)
const f = CryptoJS.AES.encrypt('message', 'secret')
// ruleid: dca.javascript.cryptojs-cipher (3des)
const g = CryptoJS.TripleDES.decrypt(f, 'secret')
// ok: dca.javascript.cryptojs-cipher
const h = CryptoJS.lib.WordArray.random(16)
// ruleid: dca.javascript.cryptojs-cipher (aes)
// ruleid: dca.javascript.cryptojs-mode (ecb)
const i = CryptoJS.AES.encrypt('m', key, { mode: CryptoJS.mode.ECB })
// ok: dca.javascript.cryptojs-mode
const j = CryptoJS.pad.Pkcs7
