// Hand-written keyword examples.
const crypto = require('node:crypto')

// ruleid: keywords.javascript.sha1
const h = crypto.createHash('sha1')
// ruleid: keywords.javascript.rc2
const c = crypto.createCipheriv('rc2', key, iv)
// ok: keywords.javascript.rc2
const src2 = 'src2'
// ruleid: keywords.javascript.pbkdf2
const { pbkdf2 } = require('./pbkdf2.js')
// ok: keywords.javascript.scrypt
const transcript = 'transcript.txt'
