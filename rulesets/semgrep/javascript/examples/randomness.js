// Examples for randomness.yaml.
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)
const crypto = require('node:crypto')

// ruleid: semgrep.javascript.math-random-secret
const resetToken = Math.random().toString(36).slice(2)
// ruleid: semgrep.javascript.math-random-secret
session.csrfSecret = String(Math.random())
function makeSalt() {
  // ruleid: semgrep.javascript.math-random-secret
  return Math.floor(Math.random() * 1e9).toString(16)
}
// ok: semgrep.javascript.math-random-secret
const jitter = Math.random() * 100
// ok: semgrep.javascript.math-random-secret
const token = crypto.randomBytes(32).toString('hex')
function shuffle(list) {
  // ok: semgrep.javascript.math-random-secret
  return list.sort(() => Math.random() - 0.5)
}

// ruleid: semgrep.javascript.pseudo-random-bytes
const id = crypto.pseudoRandomBytes(16)
// ok: semgrep.javascript.pseudo-random-bytes
const id2 = crypto.randomBytes(16)
