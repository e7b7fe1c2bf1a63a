// Examples for code-injection.yaml.
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)
const vm = require('node:vm')

// ruleid: semgrep.javascript.eval-dynamic
eval(userCode)
// ruleid: semgrep.javascript.eval-dynamic
const v = eval('(' + body + ')')
// ruleid: semgrep.javascript.eval-dynamic
eval(`return ${expr}`)
// ok: semgrep.javascript.eval-dynamic
eval('1 + 1')
// ok: semgrep.javascript.eval-dynamic
eval("typeof window")
// ok: semgrep.javascript.eval-dynamic
page.evaluate(userCode)

// ruleid: semgrep.javascript.function-constructor-dynamic
const f1 = new Function('a', 'b', body)
// ruleid: semgrep.javascript.function-constructor-dynamic
const f2 = Function(`return ${expr}`)
// ok: semgrep.javascript.function-constructor-dynamic
const f3 = new Function('return this')()
// ok: semgrep.javascript.function-constructor-dynamic
const f4 = new Foo(body)

// ruleid: semgrep.javascript.timer-string-code
setTimeout('tick()', 100)
// ruleid: semgrep.javascript.timer-string-code
window.setInterval(`update(${id})`, 1000)
// ok: semgrep.javascript.timer-string-code
setTimeout(() => tick(), 100)
// ok: semgrep.javascript.timer-string-code
setInterval(update, 1000)

// ruleid: semgrep.javascript.vm-dynamic-code
vm.runInNewContext(source, sandbox)
// ruleid: semgrep.javascript.vm-dynamic-code
const script = new vm.Script(code)
// ok: semgrep.javascript.vm-dynamic-code
vm.runInThisContext('globalThis')
// ok: semgrep.javascript.vm-dynamic-code
vm.createContext(sandbox)
