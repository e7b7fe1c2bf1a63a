// Examples for jwt.yaml.
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)
const jwt = require('jsonwebtoken')
const serialize = require('node-serialize')

// ruleid: semgrep.javascript.jwt-none-algorithm
const claims = jwt.verify(token, key, { algorithms: ['HS256', 'none'] })
// ruleid: semgrep.javascript.jwt-none-algorithm
const unsigned = jwt.sign(payload, '', { algorithm: 'none' })
// ok: semgrep.javascript.jwt-none-algorithm
const ok1 = jwt.verify(token, key, { algorithms: ['RS256'] })
// ok: semgrep.javascript.jwt-none-algorithm
const ok2 = jwt.sign(payload, key, { algorithm: 'ES256', noTimestamp: true })

// ruleid: semgrep.javascript.jwt-decode-without-verify
const header = jwt.decode(token, { complete: true })
// ok: semgrep.javascript.jwt-decode-without-verify
const text = decoder.decode(bytes)

// ruleid: semgrep.javascript.unsafe-deserialization
const obj = serialize.unserialize(req.cookies.profile)
// ok: semgrep.javascript.unsafe-deserialization
const obj2 = JSON.parse(req.cookies.profile)
