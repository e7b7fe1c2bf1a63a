import assert from 'node:assert/strict'
import { test } from 'node:test'
import { UpstreamRefused } from '../failure.ts'
import { checkAnnouncedLength, limited, readLimited } from './read-limited.ts'

async function* chunks(n: number, size: number) {
  for (let i = 0; i < n; i++) yield Buffer.alloc(size, i)
}

test('a body up to the limit is read whole', async () => {
  let stopped = false
  const buf = await readLimited(chunks(4, 10), 40, 'x', () => {
    stopped = true
  })
  assert.equal(buf.length, 40)
  assert.equal(stopped, false)
})

test('one byte over the limit stops the download and refuses it, holding nothing past the limit', async () => {
  let stopped = false
  let seen = 0
  await assert.rejects(
    (async () => {
      for await (const c of limited(chunks(1000, 10), 35, 'the thing', () => {
        stopped = true
      }))
        seen += c.length
    })(),
    (err) => err instanceof UpstreamRefused && err.kind === 'size' && /the thing/.test(err.message),
  )
  assert.equal(stopped, true)
  assert.equal(seen, 30, 'the chunk that crossed the limit is not passed on')
})

test('an announced length over the limit is refused; a missing or bad one is left to the count', () => {
  assert.throws(() => checkAnnouncedLength('101', 100, 'x'), UpstreamRefused)
  checkAnnouncedLength('100', 100, 'x')
  checkAnnouncedLength(undefined, 100, 'x')
  checkAnnouncedLength('lots', 100, 'x')
})
