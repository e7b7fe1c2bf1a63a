import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { type FixtureServer, startFixtureServer } from '../../../test/helpers/index-fixtures.ts'
import { UpstreamRefused } from '../failure.ts'
import { guardedGet, networkFromEnv } from './guarded-get.ts'
import type { OutboundPolicy } from './policy.ts'
import { readLimited } from './read-limited.ts'
import { withVerifiedDownload } from './verified-download.ts'

const GZ = gzipSync('FIXTURE text')
// two FIXTURE servers on 127.0.0.1: the configured index, and another origin the operator allowed
let index: FixtureServer
let files: FixtureServer
const policy = (): OutboundPolicy => ({
  registries: new Set([index.origin]),
  allowed: new Set([files.origin]),
  privateAddresses: true,
})
const base = { max: 1000, timeoutMs: 5000, what: 'FIXTURE', authorization: 'Bearer FIXTURE' }

before(async () => {
  index = await startFixtureServer((req, res) => {
    if (req.url === '/moved') res.writeHead(302, { location: `${files.origin}/file` }).end()
    else if (req.url === '/busy') res.writeHead(503).end()
    else if (req.url === '/slow') setTimeout(() => res.end('late'), 2000)
    else if (req.url === '/gz') res.writeHead(200, { 'content-encoding': 'gzip' }).end(GZ)
    else if (req.url === '/drip') {
      res.write('a first chunk, then nothing')
      setTimeout(() => res.end(), 2000)
    } else return false
    return true
  })
  files = await startFixtureServer((req, res) => {
    if (req.url !== '/file') return false
    res.end('FIXTURE bytes')
    return true
  })
})
after(async () => {
  await index.close()
  await files.close()
})

test('a redirect to an allowed origin is followed without the credentials', async () => {
  const a = await guardedGet(`${index.origin}/moved`, { ...base, headers: { 'x-token': 'FIXTURE' }, policy: policy() })
  a.stop()
  assert.equal(a.status, 200)
  assert.equal(a.url.origin, files.origin)
  assert.equal(index.seen.at(-1)?.authorization, 'Bearer FIXTURE')
  assert.equal(index.seen.at(-1)?.headers['x-token'], 'FIXTURE')
  assert.equal(files.seen.at(-1)?.authorization, undefined)
  assert.equal(files.seen.at(-1)?.headers['x-token'], undefined)
})

test('a 5xx is transient (its status kept); a 404 is an answer; the deadline ends a slow answer', async () => {
  await assert.rejects(guardedGet(`${index.origin}/busy`, { ...base, policy: policy() }), { statusCode: 503 })
  assert.equal((await guardedGet(`${index.origin}/none`, { ...base, policy: policy() })).status, 404)
  await assert.rejects(guardedGet(`${index.origin}/slow`, { ...base, timeoutMs: 200, policy: policy() }), {
    code: 'ETIMEDOUT',
  })
})

test('the deadline also ends a body that stops coming', async () => {
  const a = await guardedGet(`${index.origin}/drip`, { ...base, timeoutMs: 300, policy: policy() })
  await assert.rejects(readLimited(a.body, 1000, 'FIXTURE', a.stop), { code: 'ETIMEDOUT' })
})

test("a caller's signal already ended: its reason, and no request is made (none is left to fail unheard)", async () => {
  const asked = index.seen.length
  const halt = new AbortController()
  halt.abort(new Error('FIXTURE stopping'))
  const unheard: unknown[] = []
  const listen = (err: unknown) => unheard.push(err)
  process.on('uncaughtException', listen)
  try {
    await assert.rejects(guardedGet(`${index.origin}/none`, { ...base, policy: policy(), signal: halt.signal }), {
      message: 'FIXTURE stopping',
    })
    await new Promise((r) => setTimeout(r, 50))
  } finally {
    process.off('uncaughtException', listen)
  }
  assert.deepEqual(unheard, [])
  assert.equal(index.seen.length, asked)
})

test('a gzipped document is decoded; an artifact is hashed and handed on as sent', async () => {
  const a = await guardedGet(`${index.origin}/gz`, { ...base, policy: policy() })
  assert.equal((await readLimited(a.body, 1000, 'FIXTURE', a.stop)).toString(), 'FIXTURE text')
  const sha = createHash('sha256').update(GZ).digest('hex')
  const got = await withVerifiedDownload(
    `${index.origin}/gz`,
    sha,
    async (s) => {
      const chunks: Buffer[] = []
      for await (const c of s) chunks.push(c as Buffer)
      return Buffer.concat(chunks)
    },
    { ...base, policy: policy() },
  )
  assert.deepEqual(got?.result, GZ)
})

test('a download read only in part is not verified', async () => {
  const sha = 'c'.repeat(64)
  await assert.rejects(
    withVerifiedDownload(`${files.origin}/file`, sha, async () => 'stopped early', { ...base, policy: policy() }),
    (err: unknown) => err instanceof UpstreamRefused && err.kind === 'integrity',
  )
})

test("each policy checks names by its own rules: a name one client's index has is no other client's", async () => {
  const port = new URL(index.origin).port
  const byName = `http://localhost:${port}`
  const asIndex: OutboundPolicy = { registries: new Set([byName]), allowed: new Set(), privateAddresses: false }
  const asOther: OutboundPolicy = { registries: new Set(), allowed: new Set([byName]), privateAddresses: false }
  const a = await guardedGet(`${byName}/none`, { ...base, policy: asIndex })
  assert.equal(a.status, 404)
  await assert.rejects(
    guardedGet(`${byName}/none`, { ...base, policy: asOther }),
    (err: unknown) => err instanceof UpstreamRefused && err.kind === 'address',
  )
})

test("the environment's proxy, as pip and Cargo read it", () => {
  assert.deepEqual(networkFromEnv({}), { proxy: undefined, noProxy: undefined })
  assert.deepEqual(networkFromEnv({ http_proxy: 'http://p:3128', HTTPS_PROXY: 'http://s:3128', no_proxy: '.corp' }), {
    proxy: 'http://s:3128',
    noProxy: '.corp',
  })
})
