// Examples for web.yaml.
// biome-ignore-all format: the examples keep the shapes the rules must tell apart (quotes, parentheses)
const fs = require('node:fs')
const path = require('node:path')

app.get('/files/:name', (req, res) => {
  // ruleid: semgrep.javascript.path-traversal-request
  res.sendFile(path.join(__dirname, 'public', req.params.name))
  // ruleid: semgrep.javascript.path-traversal-request
  fs.createReadStream('uploads/' + req.query.file).pipe(res)
  // ok: semgrep.javascript.path-traversal-request
  res.sendFile(path.join(__dirname, 'public', 'index.html'))
  // ok: semgrep.javascript.path-traversal-request
  fs.readFile(safePath(root, name), done)
})

app.get('/login', (req, res) => {
  // ruleid: semgrep.javascript.open-redirect-request
  res.redirect(req.query.next)
  // ruleid: semgrep.javascript.open-redirect-request
  res.redirect(302, req.body.returnTo)
  // ok: semgrep.javascript.open-redirect-request
  res.redirect('/home')
  // ok: semgrep.javascript.open-redirect-request
  res.redirect(allowed(req.query.next) ? '/next' : '/')
})

// ruleid: semgrep.javascript.inner-html-dynamic
el.innerHTML = '<b>' + name + '</b>'
// ruleid: semgrep.javascript.inner-html-dynamic
document.write(location.hash.slice(1))
// ruleid: semgrep.javascript.inner-html-dynamic
list.insertAdjacentHTML('beforeend', row)
// ok: semgrep.javascript.inner-html-dynamic
el.innerHTML = ''
// ok: semgrep.javascript.inner-html-dynamic
el.textContent = name

// ruleid: semgrep.javascript.react-dangerous-html
const a = React.createElement('div', { dangerouslySetInnerHTML: { __html: comment.body } })
// ok: semgrep.javascript.react-dangerous-html
const b = React.createElement('div', { dangerouslySetInnerHTML: { __html: '&nbsp;' } })

// ruleid: semgrep.javascript.cookie-without-protection
res.cookie('session', id, { httpOnly: false, maxAge: 3600 })
// ruleid: semgrep.javascript.cookie-without-protection
app.use(session({ secret, cookie: { secure: false } }))
// ok: semgrep.javascript.cookie-without-protection
res.cookie('session', id, { httpOnly: true, secure: true })
// ok: semgrep.javascript.cookie-without-protection
app.use(session({ secret, cookie: { secure: true } }))

// ruleid: semgrep.javascript.post-message-any-origin
window.parent.postMessage({ token }, '*')
// ok: semgrep.javascript.post-message-any-origin
window.parent.postMessage({ token }, 'https://app.example.com')
// ok: semgrep.javascript.post-message-any-origin
worker.postMessage(data)

// ruleid: semgrep.javascript.cors-any-origin
res.setHeader('Access-Control-Allow-Origin', '*')
// ok: semgrep.javascript.cors-any-origin
res.setHeader('Access-Control-Allow-Origin', origin)
// ok: semgrep.javascript.cors-any-origin
res.setHeader('Access-Control-Allow-Methods', '*')
