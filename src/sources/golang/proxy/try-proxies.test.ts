import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PackageNotFound } from '../../npm/registry.ts'
import { goProxyFromEnv } from './goproxy-config.ts'
import { ModuleNotProxied, tryProxies } from './try-proxies.ts'

/** Proxies answering by host: `404`, `500`, or `ok`; the hosts asked, in order. */
async function walk(
  goproxy: string,
  answers: Record<string, string>,
  env: Record<string, string> = {},
  module = 'example.com/m',
) {
  const config = goProxyFromEnv({ GOPROXY: goproxy, ...env }, () => undefined)
  assert.ok(config)
  const asked: string[] = []
  const result = await tryProxies(config, module, async (p) => {
    const host = new URL(p.url).hostname
    asked.push(host)
    if (answers[host] === '404') throw new PackageNotFound(module)
    if (answers[host] === '500') throw Object.assign(new Error(`${host} answered 500`), { statusCode: 500 })
    return host
  }).catch((err: Error) => err)
  return { result, asked }
}

test('`,`: on to the next proxy after 404/410 only; `|`: after any error', async () => {
  assert.deepEqual(await walk('https://a.example,https://b.example', { 'a.example': '404', 'b.example': 'ok' }), {
    result: 'b.example',
    asked: ['a.example', 'b.example'],
  })
  const stopped = await walk('https://a.example,https://b.example', { 'a.example': '500', 'b.example': 'ok' })
  assert.deepEqual(stopped.asked, ['a.example'])
  assert.match((stopped.result as Error).message, /a\.example answered 500/)
  assert.deepEqual(await walk('https://a.example|https://b.example', { 'a.example': '500', 'b.example': 'ok' }), {
    result: 'b.example',
    asked: ['a.example', 'b.example'],
  })
  // the error reported: a proxy's real error over a later "not found"
  const r = await walk('https://a.example|https://b.example', { 'a.example': '500', 'b.example': '404' })
  assert.match((r.result as Error).message, /a\.example answered 500/)
  const gone = await walk('https://a.example,https://b.example', { 'a.example': '404', 'b.example': '404' })
  assert.ok(gone.result instanceof PackageNotFound)
})

test('off and direct: nothing fetched, a permanent ModuleNotProxied', async () => {
  const off = await walk('off', {})
  assert.ok(off.result instanceof ModuleNotProxied)
  assert.match((off.result as Error).message, /GOPROXY=off/)
  const afterOff = await walk('https://a.example,off', { 'a.example': '404' })
  assert.match((afterOff.result as Error).message, /GOPROXY=off/)
  const direct = await walk('https://a.example,direct', { 'a.example': '404' })
  assert.deepEqual(direct.asked, ['a.example'])
  assert.match((direct.result as Error).message, /version control \(direct\), which compintel does not do/)
})

test('GOPRIVATE / GONOPROXY modules are never asked of a proxy', async () => {
  const priv = await walk(
    'https://a.example',
    { 'a.example': 'ok' },
    { GOPRIVATE: '*.corp.example' },
    'git.corp.example/team/lib',
  )
  assert.deepEqual(priv.asked, [])
  assert.ok(priv.result instanceof ModuleNotProxied)
  assert.match((priv.result as Error).message, /matches GONOPROXY\/GOPRIVATE/)
  const pub = await walk('https://a.example', { 'a.example': 'ok' }, { GOPRIVATE: '*.corp.example' }, 'example.com/m')
  assert.equal(pub.result, 'a.example')
  const noProxyOnly = await walk(
    'https://a.example',
    { 'a.example': 'ok' },
    { GOPRIVATE: 'x.example', GONOPROXY: 'example.com' },
    'example.com/m',
  )
  assert.deepEqual(noProxyOnly.asked, [], 'GONOPROXY, when set, is the list (GOPRIVATE only its default)')
})
