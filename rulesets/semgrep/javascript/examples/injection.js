// Examples for injection.yaml.
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)

// ruleid: semgrep.javascript.sql-string-concatenation
db.query('SELECT * FROM users WHERE name = \'' + name + '\'', done)
// ruleid: semgrep.javascript.sql-string-concatenation
const rows = await pool.query(`DELETE FROM sessions WHERE id = ${req.params.id}`)
// ruleid: semgrep.javascript.sql-string-concatenation
knex.raw("update accounts set balance = " + amount)
// ok: semgrep.javascript.sql-string-concatenation
db.query('SELECT * FROM users WHERE name = ?', [name], done)
// ok: semgrep.javascript.sql-string-concatenation
const r2 = await pool.query(`SELECT * FROM sessions WHERE id = $1`, [id])
// ok: semgrep.javascript.sql-string-concatenation
cache.get('select:' + key)

function merge(target, source) {
  for (const key in source) {
    if (isObject(source[key])) {
      // ruleid: semgrep.javascript.prototype-pollution-merge
      target[key] = merge(target[key] || {}, source[key])
    } else {
      // ok: semgrep.javascript.prototype-pollution-merge
      target[key] = source[key]
    }
  }
  return target
}
function deepAssign(dst, src) {
  Object.keys(src).forEach((k) => {
    // ruleid: semgrep.javascript.prototype-pollution-merge
    deepAssign(dst[k], src[k])
  })
}
function copyList(dst, src) {
  for (let i = 0; i < src.length; i++) {
    // ok: semgrep.javascript.prototype-pollution-merge
    dst[i] = merge(dst[i], src[i])
  }
}

// ruleid: semgrep.javascript.regex-nested-quantifier
const email = /^([a-zA-Z0-9]+\.?)+@example\.com$/
// ruleid: semgrep.javascript.regex-nested-quantifier
const words = new RegExp('(\\w+\\s*)*$')
// ruleid: semgrep.javascript.regex-nested-quantifier
if (/(?:[a-z]*)+x/.test(s)) run()
// ok: semgrep.javascript.regex-nested-quantifier
const ident = /^[a-z]+(?:-[a-z]+)*$/
// ok: semgrep.javascript.regex-nested-quantifier
const version = /^(\d+)\.(\d+)\.(\d+)$/
// ok: semgrep.javascript.regex-nested-quantifier
const paren = /\((\d+)\)+/
// ok: semgrep.javascript.regex-nested-quantifier
const bounded = /(?:[a-z]+-?){1,3}/
