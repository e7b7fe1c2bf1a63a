import assert from 'node:assert/strict'
import { test } from 'node:test'
import { inspect } from 'node:util'
import { goProxyFromEnv, hasProxy, type ProxyEntry } from './goproxy-config.ts'

const none = () => undefined
const files = (m: Record<string, string>) => (p: string) => m[p]
const summary = (entries: ProxyEntry[]) =>
  entries.map((e) => (e.kind === 'proxy' ? `${e.url}${e.fallBackOnError ? '|' : ','}` : e.kind))

test('nothing configured: no proxy (the go command would use its distribution default, which compintel does not assume)', () => {
  assert.equal(goProxyFromEnv({ HOME: '/h' }, none), undefined)
  assert.equal(goProxyFromEnv({ HOME: '/h', GOPROXY: '' }, none), undefined)
})

test('GOPROXY lists: `,` falls back on 404/410 only, `|` on any error; the list ends at direct or off', () => {
  const c = goProxyFromEnv(
    { GOPROXY: 'https://a.example/go/|https://b.example, c.example:8443 ,direct,https://never.example' },
    none,
  )
  assert.ok(c)
  assert.deepEqual(summary(c.entries), [
    'https://a.example/go|',
    'https://b.example,',
    'https://c.example:8443,',
    'direct',
  ])
  assert.equal(c.from, 'GOPROXY')
  assert.deepEqual(summary(goProxyFromEnv({ GOPROXY: 'off,https://a.example' }, none)?.entries ?? []), ['off'])
  assert.equal(hasProxy(goProxyFromEnv({ GOPROXY: 'direct' }, none) ?? ({ entries: [] } as never)), false)
  assert.throws(() => goProxyFromEnv({ GOPROXY: ' , ' }, none), /contains no entries/)
  assert.throws(() => goProxyFromEnv({ GOPROXY: 'file:///srv/goproxy' }, none), /file:\/\/ proxies are not read/)
  assert.throws(() => goProxyFromEnv({ GOPROXY: 'ftp://a.example' }, none), /must be https or http/)
  assert.throws(() => goProxyFromEnv({ GOPROXY: 'justaword' }, none), /not a proxy URL/)
})

test('the go env file under the environment; GOLANG_PROXY_URL over both', () => {
  const env = { HOME: '/h' }
  const f = files({ '/h/.config/go/env': 'GOPROXY=https://file.example\nGOPRIVATE=*.corp.example\n' })
  const fromFile = goProxyFromEnv(env, f)
  assert.deepEqual(summary(fromFile?.entries ?? []), ['noproxy', 'https://file.example,'])
  assert.equal(fromFile?.from, '/h/.config/go/env GOPROXY')
  assert.equal(fromFile?.noProxy, '*.corp.example')
  assert.equal(fromFile?.noSumDb, '*.corp.example')
  const fromEnv = goProxyFromEnv(
    { ...env, GOPROXY: 'https://env.example', GONOPROXY: 'none.example', GONOSUMDB: 'sum.example' },
    f,
  )
  assert.deepEqual(summary(fromEnv?.entries ?? []), ['noproxy', 'https://env.example,'])
  assert.equal(fromEnv?.noProxy, 'none.example')
  assert.equal(fromEnv?.noSumDb, 'sum.example')
  const setting = goProxyFromEnv({ ...env, GOPROXY: 'https://env.example' }, f, 'http://127.0.0.1:9/p')
  assert.deepEqual(summary(setting?.entries ?? []), ['noproxy', 'http://127.0.0.1:9/p,'])
  assert.equal(setting?.from, 'GOLANG_PROXY_URL')
  // GOPROXY=direct with GONOPROXY: no `noproxy` entry first (the go command's rule)
  assert.deepEqual(summary(goProxyFromEnv({ GOPROXY: 'direct', GOPRIVATE: 'x.example' }, none)?.entries ?? []), [
    'direct',
  ])
})

test('credentials: the netrc entry of an https proxy host, else the URL user info; never printed', () => {
  const netrc =
    'default login d password dpw\nmachine a.example login alice password s3cret\nmachine b.example login bob password b0b\n'
  const c = goProxyFromEnv(
    { HOME: '/h', GOPROXY: 'https://a.example,http://b.example,https://u:p%40ss@c.example/x' },
    files({ '/h/.netrc': netrc }),
  )
  const [a, b, cc] = (c?.entries ?? []) as Extract<ProxyEntry, { kind: 'proxy' }>[]
  assert.equal(a?.credential?.header(), `Basic ${Buffer.from('alice:s3cret').toString('base64')}`)
  assert.equal(b?.credential, undefined, 'netrc is read for https proxies only, and its `default` entry never')
  assert.equal(cc?.credential?.header(), `Basic ${Buffer.from('u:p@ss').toString('base64')}`)
  assert.equal(cc?.url, 'https://c.example/x', 'the user info is taken out of the URL')
  const printed = `${inspect(c, { depth: 9 })} ${JSON.stringify(c)} ${String(cc?.credential)}`
  for (const secret of ['s3cret', 'p@ss', 'p%40ss', Buffer.from('alice:s3cret').toString('base64')])
    assert.ok(!printed.includes(secret), secret)
  const viaNETRC = goProxyFromEnv({ NETRC: '/n', GOPROXY: 'https://a.example' }, files({ '/n': netrc }))
  const first = viaNETRC?.entries[0] as Extract<ProxyEntry, { kind: 'proxy' }> | undefined
  assert.ok(first?.credential)
})
