// Examples for tls.yaml.
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)
const https = require('node:https')

// ruleid: semgrep.javascript.tls-reject-unauthorized-false
const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false })
// ruleid: semgrep.javascript.tls-reject-unauthorized-false
options.rejectUnauthorized = false
// ok: semgrep.javascript.tls-reject-unauthorized-false
const strict = new https.Agent({ keepAlive: true, rejectUnauthorized: true })
// ok: semgrep.javascript.tls-reject-unauthorized-false
options.rejectUnauthorized = config.verify

// ruleid: semgrep.javascript.tls-reject-unauthorized-env
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
// ruleid: semgrep.javascript.tls-reject-unauthorized-env
process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = 0
// ok: semgrep.javascript.tls-reject-unauthorized-env
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '1'
// ok: semgrep.javascript.tls-reject-unauthorized-env
const verify = process.env.NODE_TLS_REJECT_UNAUTHORIZED === '0'

// ruleid: semgrep.javascript.tls-legacy-protocol
const s1 = tls.connect({ host, port, secureProtocol: 'TLSv1_method' })
// ruleid: semgrep.javascript.tls-legacy-protocol
const s2 = tls.createSecureContext({ minVersion: 'TLSv1.1' })
// ok: semgrep.javascript.tls-legacy-protocol
const s3 = tls.createSecureContext({ minVersion: 'TLSv1.2' })
// ok: semgrep.javascript.tls-legacy-protocol
const s4 = tls.connect({ host, port, secureProtocol: 'TLSv1_2_method' })
