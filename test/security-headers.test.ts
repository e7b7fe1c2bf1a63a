// Header abuse (docs/security.md): huge, repeated, malformed and fuzzed API keys and many headers, through inject and
// as raw HTTP on a real listener (inject has no header limits and cannot send duplicates or bare CR/LF/NUL). Never a
// 5xx, never a key that is not exactly a valid one accepted, and no key (nor 12 characters of one) in any log line,
// with the production logger at level trace.
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { Writable } from 'node:stream'
import { after, before, test } from 'node:test'
import fc from 'fast-check'
import { createLogger } from '../src/app/main.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { assertSafe, Tally } from './helpers/security.ts'

const SEED = 20_260_113
let t: TestApp
let port: number
let logs = ''
const tally = new Tally()
/** Every key value sent, valid or not, to look for in the logs at the end. */
const sent = new Set<string>()
const URL = '/v2/components/echo'

before(async () => {
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs += chunk
      cb()
    },
  })
  t = await makeTestApp({ logger: createLogger('trace', sink) })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  port = (t.app.server.address() as AddressInfo).port
  sent.add(t.keys.full).add(t.keys.components)
})
after(async () => {
  tally.print('header abuse')
  await t.close()
})

async function inject(kind: string, headers: Record<string, string | string[]>) {
  const res = await t.app.inject({ method: 'POST', url: URL, headers, payload: {} })
  tally.answered('inject', kind, res.statusCode)
  assertSafe(res, `${kind}: ${JSON.stringify(headers).slice(0, 120)}`)
  return res.statusCode
}

/** One raw HTTP/1.1 request with these header lines; the status line's code and the body. */
function raw(kind: string, headerLines: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `POST ${URL} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n` +
          `Connection: close\r\n${headerLines}\r\n{}`,
      ),
    )
    let out = ''
    socket.on('data', (d) => {
      out += d
    })
    socket.on('error', reject)
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1])
      const body = out.slice(out.indexOf('\r\n\r\n') + 4)
      tally.answered('raw HTTP', kind, status)
      assertSafe({ statusCode: status, body }, `${kind}: ${headerLines.slice(0, 120)}`)
      resolve({ status, body })
    })
  })
}
const line = (key: string, name = 'X-Api-Key') => `${name}: ${key}\r\n`

test('a huge X-Api-Key: 431 over HTTP past the header limit, 401 below it and through inject', async () => {
  for (const size of [513, 8 * 1024, 15 * 1024, 100 * 1024, 1024 * 1024]) {
    const key = `ci_${'k'.repeat(size)}`
    sent.add(key)
    const { status } = await raw('huge key', line(key))
    assert.equal(status, size > 15 * 1024 ? 431 : 401, `${size} bytes over HTTP`)
    assert.equal(await inject('huge key', { 'x-api-key': key }), 401, `${size} bytes through inject`)
  }
})

test('repeated X-Api-Key (and X-Session) headers fail closed: 401, whatever the order', async () => {
  const { full } = t.keys
  const bad = 'ci_not-a-key-but-shaped-like-one-0123456789ab'
  sent.add(bad)
  assert.equal((await raw('one valid key', line(full))).status, 200, 'the raw client works')
  for (const keys of [
    [full, full],
    [full, bad],
    [bad, full],
    [bad, bad],
    [full, ''],
    ['', full],
  ]) {
    assert.equal((await raw('repeated key', keys.map((k) => line(k)).join(''))).status, 401, keys.join(' | '))
    assert.equal(await inject('repeated key', { 'x-api-key': keys }), 401, `inject ${keys.join(' | ')}`)
  }
  // X-Api-Key wins over X-Session; a bad one is not rescued by a valid X-Session
  assert.equal((await raw('key and session', line(bad) + line(full, 'X-Session'))).status, 401)
  assert.equal((await raw('key and session', line(full) + line(bad, 'X-Session'))).status, 200)
  assert.equal((await raw('repeated key', line(full).repeat(1000))).status, 431, 'a thousand copies')
})

test('CR, LF, NUL and folding in the key: 400 from the HTTP parser; through inject never accepted', async () => {
  const { full } = t.keys
  for (const key of [`${full}\u0000x`, `${full}\rX`, `${full}\nX-Evil: 1`, `${full}\r\n continued`, `${full}\u0000`]) {
    assert.equal((await raw('control characters', line(key))).status, 400, JSON.stringify(key))
    assert.equal(await inject('control characters', { 'x-api-key': key }), 401, JSON.stringify(key))
  }
  // tabs and spaces around the value are HTTP whitespace, trimmed by the parser
  assert.equal((await raw('whitespace', `X-Api-Key:\t ${full} \t\r\n`)).status, 200)
})

test('many headers: fine under the limit, 431 over it', async () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => `x-h${i}: v\r\n`).join('')
  assert.equal((await raw('many headers', many(500) + line(t.keys.full))).status, 200)
  assert.equal((await raw('many headers', many(3000) + line(t.keys.full))).status, 431)
  const headers = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`x-h${i}`, 'v']))
  assert.equal(await inject('many headers', { ...headers, 'x-api-key': t.keys.full }), 200)
})

test('fuzzed keys in X-Api-Key, X-Session and Authorization are never accepted', async () => {
  const { full } = t.keys
  const near = fc
    .tuple(fc.nat({ max: full.length - 1 }), fc.constantFrom('', 'x', 'A', '-', ' ', '\t', '\u0000', 'é'))
    .map(([i, c]) => full.slice(0, i) + c + full.slice(i + 1))
    .filter((k) => k.trim() !== full)
  const shaped = fc.stringMatching(/^ci_[A-Za-z0-9_-]{20,60}$/)
  const anything = fc.string({ unit: 'binary', minLength: 1, maxLength: 600 })
  const key = fc.oneof(near, shaped, anything)
  const header = fc.constantFrom('x-api-key', 'X-API-KEY', 'x-session', 'authorization')
  await fc.assert(
    fc.asyncProperty(key, header, async (k, h) => {
      sent.add(k)
      const status = await inject('fuzzed key', { [h]: h === 'authorization' ? `Bearer ${k}` : k })
      assert.ok(status === 401, `${h}: ${JSON.stringify(k).slice(0, 80)} → ${status}`)
    }),
    { seed: SEED, numRuns: 400 },
  )
})

test('no key, nor 12 characters of one, in any log line', async () => {
  const { full } = t.keys
  sent.add(`${full}-revoked-shape`)
  // a valid key on an answered request, a 4xx, and a 5xx (the key check itself failing)
  await inject('logged', { 'x-api-key': full })
  await inject('logged', { 'x-session': full })
  await t.app.inject({ method: 'POST', url: URL, headers: { 'x-api-key': full }, payload: '{bad json' })
  const authenticate = t.services.keys.authenticate
  t.services.keys.authenticate = async () => {
    throw new Error('boom')
  }
  const failed = await t.app.inject({ method: 'POST', url: URL, headers: { 'x-api-key': full }, payload: {} })
  t.services.keys.authenticate = authenticate
  assert.equal(failed.statusCode, 500, 'the forced failure is logged at error level')
  assert.ok(logs.includes('incoming request') && logs.includes('"level":50'), 'requests and errors are logged')

  let windows = 0
  let checked = 0
  for (const key of sent) {
    // distinctive keys only: a fuzzed "l", "aaaa…" or a few spaces may well occur in a log line by themselves
    if (key.length < 12 || new Set(key).size < 6) continue
    checked++
    for (const form of [key, JSON.stringify(key).slice(1, -1)])
      assert.ok(!logs.includes(form), `a key is in the logs: ${JSON.stringify(key).slice(0, 40)}`)
    const body = key.startsWith('ci_') ? key.slice(3) : key
    if (new Set(body).size < 8 || /[^A-Za-z0-9_-]/.test(body)) continue
    for (let i = 0; i + 12 <= body.length; i++, windows++)
      assert.ok(
        !logs.includes(body.slice(i, i + 12)),
        `12 characters of a key are in the logs: ${body.slice(i, i + 12)}`,
      )
  }
  console.log(
    `log check: ${checked} of ${sent.size} keys distinctive enough, ${windows} 12-character windows, ${logs.split('\n').length} log lines`,
  )
})
