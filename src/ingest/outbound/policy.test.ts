import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { UpstreamRefused } from '../failure.ts'
import { checkUrl, guardedLookup, isSpecialAddress, type OutboundPolicy } from './policy.ts'

const policy: OutboundPolicy = {
  registries: new Set(['http://127.0.0.1:4873']),
  allowed: new Set(['https://cdn.example.org', 'http://10.1.2.3:8080']),
  privateAddresses: false,
}
const kind = (k: string) => (err: unknown) => err instanceof UpstreamRefused && err.kind === k

describe('checkUrl', () => {
  test('the registry is trusted at its loopback address; an allowed origin is not trusted', () => {
    assert.equal(checkUrl('http://127.0.0.1:4873/a/-/a-1.0.0.tgz', policy).trusted, true)
    assert.equal(checkUrl('https://cdn.example.org/a.tgz', policy).trusted, false)
  })

  test('another port, scheme or host is refused', () => {
    for (const url of ['http://127.0.0.1:4874/a', 'https://127.0.0.1:4873/a', 'http://cdn.example.org/a'])
      assert.throws(() => checkUrl(url, policy), kind('address'), url)
  })

  test('other schemes, credentials in the URL and junk are protocol refusals', () => {
    for (const url of ['file:///etc/passwd', 'git+ssh://x/y', 'http://u:p@127.0.0.1:4873/a', 'not a url'])
      assert.throws(() => checkUrl(url, policy), kind('protocol'), url)
  })

  test('an allowed origin at a private address needs private addresses allowed', () => {
    assert.throws(() => checkUrl('http://10.1.2.3:8080/a', policy), kind('address'))
    assert.equal(checkUrl('http://10.1.2.3:8080/a', { ...policy, privateAddresses: true }).trusted, false)
  })
})

test('special addresses, IPv4 and IPv6', () => {
  for (const ip of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0'])
    assert.ok(isSpecialAddress(ip), ip)
  for (const ip of ['::1', '::', 'fe80::1', 'fd00::1', 'ff02::1', '::ffff:127.0.0.1'])
    assert.ok(isSpecialAddress(ip), ip)
  for (const ip of ['8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:1.1.1.1']) assert.ok(!isSpecialAddress(ip), ip)
})

test('the lookup refuses a name that resolves to loopback unless it is a registry’s or private addresses are allowed', async () => {
  const look = (p: OutboundPolicy) =>
    new Promise<unknown>((resolve) =>
      guardedLookup(() => p)('localhost', {}, (err, address) => resolve(err ?? address)),
    )
  assert.ok(kind('address')(await look(policy)))
  assert.equal(typeof (await look({ ...policy, privateAddresses: true })), 'string')
  assert.equal(typeof (await look({ ...policy, registries: new Set(['http://localhost:4873']) })), 'string')
})
