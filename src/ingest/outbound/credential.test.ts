import assert from 'node:assert/strict'
import { test } from 'node:test'
import { inspect } from 'node:util'
import { Credential } from './credential.ts'

test('the header is there for the request; printing, JSON and inspection show [redacted]', () => {
  const basic = Credential.basic('user', 'FIXTURE-secret')
  assert.equal(basic.header(), `Basic ${Buffer.from('user:FIXTURE-secret').toString('base64')}`)
  const raw = Credential.raw('FIXTURE-token')
  assert.equal(raw.header(), 'FIXTURE-token')
  const holder = { index: 'https://i.example/', credential: raw, other: basic }
  for (const printed of [`${raw}`, JSON.stringify(holder), inspect(holder, { depth: 9, showHidden: true })])
    assert.ok(!/FIXTURE|dXNlcjpGSVhUVVJF/.test(printed), printed)
})
