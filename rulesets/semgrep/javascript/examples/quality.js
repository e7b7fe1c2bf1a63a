// Examples for quality.yaml.
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)

// ruleid: semgrep.javascript.typeof-undefined-unquoted
if (typeof options === undefined) options = {}
// ruleid: semgrep.javascript.typeof-undefined-unquoted
const has = typeof window != undefined
// ok: semgrep.javascript.typeof-undefined-unquoted
if (typeof options === 'undefined') options = {}
// ok: semgrep.javascript.typeof-undefined-unquoted
if (options === undefined) options = {}

// ruleid: semgrep.javascript.typeof-invalid-type
if (typeof cb === 'fucntion') cb()
// ruleid: semgrep.javascript.typeof-invalid-type
const isArr = typeof value == "array"
// ok: semgrep.javascript.typeof-invalid-type
if (typeof cb === 'function') cb()
// ok: semgrep.javascript.typeof-invalid-type
if (typeof x === kind) run()

// ruleid: semgrep.javascript.self-assignment
count = count
// ok: semgrep.javascript.self-assignment
count = count + 1
// ok: semgrep.javascript.self-assignment
location.href = location.href

// ruleid: semgrep.javascript.assignment-in-condition
if (user.role = 'admin') grant()
// ok: semgrep.javascript.assignment-in-condition
if (user.role === 'admin') grant()
// ok: semgrep.javascript.assignment-in-condition
if ((match = re.exec(text))) use(match)

// ruleid: semgrep.javascript.async-promise-executor
const p1 = new Promise(async (resolve, reject) => {
  resolve(await load())
})
// ruleid: semgrep.javascript.async-promise-executor
const p2 = new Promise(async resolve => resolve(await load()))
// ok: semgrep.javascript.async-promise-executor
const p3 = new Promise((resolve) => setTimeout(resolve, 10))

function inspect(x) {
  // ruleid: semgrep.javascript.debugger-statement
  debugger
  // ok: semgrep.javascript.debugger-statement
  return x
}

// ruleid: semgrep.javascript.buffer-constructor
const b1 = new Buffer(size)
// ruleid: semgrep.javascript.buffer-constructor
const b2 = new Buffer('abc', 'utf8')
// ok: semgrep.javascript.buffer-constructor
const b3 = Buffer.alloc(size)
