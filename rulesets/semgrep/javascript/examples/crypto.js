// Examples for crypto.yaml.
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)
const crypto = require('node:crypto')
const { createHash, createCipheriv, pbkdf2Sync } = require('node:crypto')
const CryptoJS = require('crypto-js')

// ruleid: semgrep.javascript.password-fast-hash
const h1 = crypto.createHash('sha256').update(password).digest('hex')
// ruleid: semgrep.javascript.password-fast-hash
const h2 = CryptoJS.MD5(user.password).toString()
// ruleid: semgrep.javascript.password-fast-hash
// ruleid: semgrep.javascript.hash-md5-sha1
const h3 = createHash('md5').update(req.body.passwd, 'utf8').digest('hex')
// ok: semgrep.javascript.password-fast-hash
const h4 = crypto.createHash('sha256').update(fileContents).digest('hex')
// ok: semgrep.javascript.password-fast-hash
const h5 = crypto.scryptSync(password, salt, 64)

// ruleid: semgrep.javascript.hash-md5-sha1
const e1 = crypto.createHash('md5').update(body).digest('hex')
// ruleid: semgrep.javascript.hash-md5-sha1
const e2 = createHash('SHA1')
// ok: semgrep.javascript.hash-md5-sha1
const e3 = crypto.createHash('sha512')
// ok: semgrep.javascript.hash-md5-sha1
const e4 = crypto.createHash(algorithm)

// ruleid: semgrep.javascript.cipher-weak-algorithm
const c1 = crypto.createCipheriv('des-ede3-cbc', key, iv)
// ruleid: semgrep.javascript.cipher-weak-algorithm
const c2 = createCipheriv('rc4', key, null)
// ok: semgrep.javascript.cipher-weak-algorithm
const c3 = crypto.createCipheriv('aes-256-gcm', key, iv)
// ok: semgrep.javascript.cipher-weak-algorithm
const c4 = crypto.createCipheriv('desx-unknown-name', key, iv)

// ruleid: semgrep.javascript.cipher-ecb-mode
const b1 = crypto.createCipheriv('aes-128-ecb', key, null)
// ruleid: semgrep.javascript.cipher-ecb-mode
const b2 = CryptoJS.AES.encrypt(message, key, { mode: CryptoJS.mode.ECB })
// ok: semgrep.javascript.cipher-ecb-mode
const b3 = crypto.createCipheriv('aes-128-cbc', key, iv)
// ok: semgrep.javascript.cipher-ecb-mode
const b4 = CryptoJS.AES.encrypt(message, key, { mode: CryptoJS.mode.CBC, iv })

// ruleid: semgrep.javascript.cipher-static-iv
const i1 = crypto.createCipheriv('aes-256-cbc', key, Buffer.alloc(16, 0))
// ruleid: semgrep.javascript.cipher-static-iv
const i2 = createCipheriv('aes-256-cbc', key, '0123456789abcdef')
// ok: semgrep.javascript.cipher-static-iv
const i3 = crypto.createCipheriv('aes-256-cbc', key, crypto.randomBytes(16))
// ok: semgrep.javascript.cipher-static-iv
const i4 = crypto.createCipheriv('aes-256-gcm', key, Buffer.from(ivHex, 'hex'))
// ok: semgrep.javascript.cipher-static-iv
const i5 = crypto.createCipheriv('id-aes128-wrap', kek, Buffer.alloc(8, 0xa6))

// ruleid: semgrep.javascript.create-cipher-deprecated
const d1 = crypto.createCipher('aes192', password)
// ruleid: semgrep.javascript.create-cipher-deprecated
const d2 = require('crypto').createDecipher('aes192', password)
// ok: semgrep.javascript.create-cipher-deprecated
const d3 = crypto.createCipheriv('aes192', key, iv)
// ok: semgrep.javascript.create-cipher-deprecated
const d4 = forge.cipher.createCipher('AES-CBC', key)

// ruleid: semgrep.javascript.pbkdf2-few-iterations
const k1 = crypto.pbkdf2Sync(password, salt, 1000, 32, 'sha256')
// ruleid: semgrep.javascript.pbkdf2-few-iterations
pbkdf2Sync(password, salt, 5_000, 32, 'sha512')
// ok: semgrep.javascript.pbkdf2-few-iterations
const k2 = crypto.pbkdf2Sync(password, salt, 600000, 32, 'sha256')
// ok: semgrep.javascript.pbkdf2-few-iterations
crypto.pbkdf2(password, salt, iterations, 32, 'sha256', done)
