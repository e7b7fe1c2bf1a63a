import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { type FixtureServer, startFixtureServer } from '../../../test/helpers/index-fixtures.ts'
import { UpstreamRefused } from '../failure.ts'
import { guardedGet, networkFromEnv } from './guarded-get.ts'
import type { OutboundPolicy } from './policy.ts'
import { readLimited } from './read-limited.ts'
import { withVerifiedDownload } from './verified-download.ts'

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
  const a = await guardedGet(`${index.origin}/moved`, { ...base, policy: policy() })
  a.stop()
  assert.equal(a.status, 200)
  assert.equal(a.url.origin, files.origin)
  assert.equal(index.seen.at(-1)?.authorization, 'Bearer FIXTURE')
  assert.equal(files.seen.at(-1)?.authorization, undefined)
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

test('a download read only in part is not verified', async () => {
  const sha = 'c'.repeat(64)
  await assert.rejects(
    withVerifiedDownload(`${files.origin}/file`, sha, async () => 'stopped early', { ...base, policy: policy() }),
    (err: unknown) => err instanceof UpstreamRefused && err.kind === 'integrity',
  )
})

test("the environment's proxy, as pip and Cargo read it", () => {
  assert.deepEqual(networkFromEnv({}), { proxy: undefined, noProxy: undefined })
  assert.deepEqual(networkFromEnv({ http_proxy: 'http://p:3128', HTTPS_PROXY: 'http://s:3128', no_proxy: '.corp' }), {
    proxy: 'http://s:3128',
    noProxy: '.corp',
  })
})
