// Rate limits: per key, then 429 with Retry-After and RateLimit-* headers in the error shape; per IP before auth.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { makeTestApp } from './helpers/app.ts'

const echo = (key?: string) => ({
  method: 'POST' as const,
  url: '/v2/components/echo',
  headers: key ? { 'x-api-key': key } : {},
  payload: { message: 'x' },
})

test('per-key budget: the 4th request in a minute is refused with 429', async () => {
  const t = await makeTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } })
  try {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject(echo(t.keys.full))
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers['ratelimit-limit'], '3')
      assert.equal(res.headers['ratelimit-remaining'], String(2 - i))
    }
    const res = await t.app.inject(echo(t.keys.full))
    assert.equal(res.statusCode, 429)
    assert.equal(res.json().error.code, 'RATE_LIMITED')
    assert.equal(res.json().status.status, 'FAILED')
    assert.ok(Number(res.headers['retry-after']) > 0)
    assert.equal(res.headers['ratelimit-remaining'], '0')
    // Another key has its own budget.
    const other = await t.app.inject(echo(t.keys.components))
    assert.equal(other.statusCode, 200)
  } finally {
    await t.close()
  }
})

test('per-IP budget applies before authentication (key guessing is limited too)', async () => {
  const t = await makeTestApp({ env: { RATE_LIMIT_PER_MINUTE_PER_IP: '2' } })
  try {
    assert.equal((await t.app.inject(echo('ci_wrong-key-0000000'))).statusCode, 401)
    assert.equal((await t.app.inject(echo('ci_wrong-key-0000001'))).statusCode, 401)
    const res = await t.app.inject(echo('ci_wrong-key-0000002'))
    assert.equal(res.statusCode, 429)
    assert.ok(res.headers['retry-after'])
  } finally {
    await t.close()
  }
})

test('public routes are not limited', async () => {
  const t = await makeTestApp({ env: { RATE_LIMIT_PER_MINUTE_PER_IP: '1' } })
  try {
    for (let i = 0; i < 5; i++) assert.equal((await t.app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
  } finally {
    await t.close()
  }
})
