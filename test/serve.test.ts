// The server as a newcomer runs it: first start makes and prints one key, graceful shutdown finishes in-flight
// requests, request ids round-trip, and logs never hold a key.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { test } from 'node:test'
import pino from 'pino'
import { serve } from '../src/app/main.ts'
import { parseConfig } from '../src/config/config.ts'
import { makeTestApp } from './helpers/app.ts'

function tempKb(): string {
  return `sqlite:${path.join(mkdtempSync(path.join(tmpdir(), 'compintel-')), 'kb.sqlite')}`
}

test('first start of an empty embedded KB prints one full-scope key, once', async () => {
  const config = parseConfig({
    DATABASE_URL: tempKb(),
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DIR: 'none',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  })
  const lines: string[] = []
  const first = await serve(config, (l) => lines.push(l))
  const key = lines.join('\n').match(/ci_[A-Za-z0-9_-]{43}/)?.[0]
  assert.ok(key, 'a key was printed')
  try {
    const ok = await fetch(`${first.url}/v2/vulnerabilities/echo`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: '{"message":"hi"}',
    })
    assert.equal(ok.status, 200)
    assert.deepEqual(await ok.json(), { message: 'hi' })
    const bad = await fetch(`${first.url}/v2/vulnerabilities/echo`, {
      method: 'POST',
      headers: { 'x-api-key': 'nope' },
    })
    assert.equal(bad.status, 401)
  } finally {
    await first.shutdown('test')
  }
  const again: string[] = []
  const second = await serve(config, (l) => again.push(l))
  await second.shutdown('test')
  assert.doesNotMatch(again.join('\n'), /ci_[A-Za-z0-9_-]{43}/, 'no second key on the next start')
})

test('SIGTERM-style shutdown: in-flight requests finish, new connections are refused', async () => {
  const config = parseConfig({
    DATABASE_URL: tempKb(),
    PORT: '0',
    LOG_LEVEL: 'silent',
    SEED_DIR: 'none',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    COMPINTEL_API_KEYS: 'in-flight-key-0123456789',
  })
  const running = await serve(config, () => {})
  const { port } = new URL(running.url)
  const body = JSON.stringify({ message: 'slow upload' })
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v2/components/echo',
        headers: {
          'x-api-key': 'in-flight-key-0123456789',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (c) => {
          text += c
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.write(body.slice(0, 10))
    // The request is in flight (half its body sent) when shutdown starts.
    setTimeout(() => {
      const closing = running.shutdown('SIGTERM')
      setTimeout(() => {
        req.end(body.slice(10))
        closing.catch(reject)
      }, 200)
    }, 100)
  })
  const res = await response
  assert.equal(res.status, 200)
  assert.deepEqual(JSON.parse(res.text), { message: 'slow upload' })
  await assert.rejects(fetch(`${running.url}/health`), 'the listener is closed')
})

test('x-request-id: a given id is used and returned; otherwise one is made', async () => {
  const t = await makeTestApp()
  try {
    const given = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'abc-123' } })
    assert.equal(given.headers['x-request-id'], 'abc-123')
    const made = await t.app.inject({ method: 'GET', url: '/health' })
    assert.match(String(made.headers['x-request-id']), /^[0-9a-f-]{36}$/)
    const unsafe = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'a b\u0001<script>' },
    })
    assert.match(String(unsafe.headers['x-request-id']), /^[0-9a-f-]{36}$/, 'an unsafe id is replaced')
    const err = await t.app.inject({ method: 'GET', url: '/nope', headers: { 'x-request-id': 'req-42' } })
    assert.equal(err.json().error.request_id, 'req-42')
  } finally {
    await t.close()
  }
})

test('logs never contain an API key or a large body', async () => {
  let out = ''
  const sink = new Writable({
    write(chunk, _enc, cb) {
      out += chunk
      cb()
    },
  })
  const logger = pino({ level: 'trace' }, sink)
  const t = await makeTestApp({ logger })
  try {
    const big = 'B'.repeat(100_000)
    await t.app.inject({
      method: 'POST',
      url: '/v2/components/echo',
      headers: { 'x-api-key': t.keys.full },
      payload: { message: big.slice(0, 60_000) },
    })
    await t.app.inject({
      method: 'POST',
      url: '/v2/components/echo',
      headers: { 'x-session': t.keys.full },
      payload: '{bad json',
    })
    await t.app.inject({
      method: 'POST',
      url: '/v2/components/echo',
      headers: { 'x-api-key': 'ci_wrong-key-but-secret' },
      payload: {},
    })
    t.services.keys.authenticate = async () => {
      throw new Error('boom')
    }
    await t.app.inject({
      method: 'POST',
      url: '/v2/components/echo',
      headers: { 'x-api-key': t.keys.full },
      payload: {},
    })
    assert.ok(out.includes('incoming request'), 'requests are logged')
    assert.ok(!out.includes(t.keys.full), 'no valid key in the logs')
    assert.ok(!out.includes('ci_wrong-key-but-secret'), 'no invalid key in the logs')
    assert.ok(!out.includes('B'.repeat(1000)), 'no large body in the logs')
  } finally {
    await t.close()
  }
})
