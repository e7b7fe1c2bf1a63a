// Examples for secrets.yaml.
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)
const jwt = require('jsonwebtoken')

// ruleid: semgrep.javascript.hardcoded-jwt-secret
const token = jwt.sign({ sub: user.id }, 'shhhhh-very-secret', { expiresIn: '1h' })
// ruleid: semgrep.javascript.hardcoded-jwt-secret
jwt.verify(token, "my signing key", done)
// ok: semgrep.javascript.hardcoded-jwt-secret
const t2 = jwt.sign({ sub: user.id }, process.env.JWT_SECRET)
// ok: semgrep.javascript.hardcoded-jwt-secret
signer.sign(payload, 'abcdefgh')

// ruleid: semgrep.javascript.hardcoded-credential
const DB_PASSWORD = 'hunter2hunter2'
// ruleid: semgrep.javascript.hardcoded-credential
config.apiKey = 'AKIAIOSFODNN7EXAMPLF'
// ruleid: semgrep.javascript.hardcoded-credential
let clientSecret = "9f86d081884c7d659a2feaa0c55ad015"
// ok: semgrep.javascript.hardcoded-credential
const password = process.env.DB_PASSWORD
// ok: semgrep.javascript.hardcoded-credential
const PASSWORD_FIELD = 'password'
// ok: semgrep.javascript.hardcoded-credential
const apiKey = 'your-api-key-here-1'
// ok: semgrep.javascript.hardcoded-credential
const API_KEY_HEADER = 'x-api-key'
// ok: semgrep.javascript.hardcoded-credential
const secret = ''
