// Examples for command-injection.yaml.
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)
const cp = require('node:child_process')
const { exec, execSync, spawn } = require('node:child_process')

// ruleid: semgrep.javascript.child-process-exec-dynamic
cp.exec(`git log ${branch}`, done)
// ruleid: semgrep.javascript.child-process-exec-dynamic
execSync('convert ' + input + ' out.png')
// ruleid: semgrep.javascript.child-process-exec-dynamic
require('child_process').exec(cmd + ' --version')
// ok: semgrep.javascript.child-process-exec-dynamic
cp.exec('git status', done)
// ok: semgrep.javascript.child-process-exec-dynamic
exec(command, done)
// ok: semgrep.javascript.child-process-exec-dynamic
const m = pattern.exec('a' + text)

// ruleid: semgrep.javascript.child-process-shell-option
spawn(cmd, args, { stdio: 'inherit', shell: true })
// ruleid: semgrep.javascript.child-process-shell-option
cp.execFileSync('npm', ['run', task], { shell: true })
// ok: semgrep.javascript.child-process-shell-option
spawn('git', ['status'], { stdio: 'inherit' })
// ok: semgrep.javascript.child-process-shell-option
cp.execFile('npm', ['test'], { shell: false })
