// The golang source's proxy: none without GOLANG_PROXY_URL or a GOPROXY (the environment's or the go env file's),
// none when GOPROXY names no proxy compintel reads (off, direct), one client kept for the process when there is one,
// a configuration that cannot be read refused each time.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, beforeEach, test } from 'node:test'
import { defaultIndexLimits } from '../../../config/registries.ts'
import { PermanentError } from '../../../ingest/failure.ts'
import { configuredGoProxy } from './configured.ts'

const home = mkdtempSync(path.join(tmpdir(), 'ci-go-home-'))
const limits = { ...defaultIndexLimits(), maxModBytes: 1024 * 1024 }
const envFile = path.join(home, '.config', 'go', 'env')
process.env.HOME = home
process.env.XDG_CACHE_HOME = home // the client's document cache, were it used
after(() => rmSync(home, { recursive: true, force: true }))
beforeEach(() => {
  for (const k of ['GOPROXY', 'GOPRIVATE', 'GONOPROXY', 'GOENV', 'XDG_CONFIG_HOME', 'NETRC']) delete process.env[k]
  rmSync(envFile, { force: true })
})

test('nothing configured, or only off/direct: none; GOLANG_PROXY_URL or GOPROXY: one client, kept', () => {
  assert.equal(configuredGoProxy(limits)(), undefined)
  process.env.GOPROXY = 'off'
  assert.equal(configuredGoProxy(limits)(), undefined)
  process.env.GOPROXY = 'direct'
  assert.equal(configuredGoProxy(limits)(), undefined)
  const proxy = configuredGoProxy({ ...limits, indexUrl: 'http://127.0.0.1:9/proxy' })
  const client = proxy()
  assert.ok(client)
  assert.equal(proxy(), client)
  delete process.env.GOPROXY
  mkdirSync(path.dirname(envFile), { recursive: true })
  writeFileSync(envFile, 'GOPROXY=http://127.0.0.1:9/proxy\n')
  assert.ok(configuredGoProxy(limits)(), "the go env file's GOPROXY")
})

test('a GOPROXY compintel cannot read: refused at each unit', () => {
  process.env.GOPROXY = 'file:///srv/proxy'
  const proxy = configuredGoProxy(limits)
  assert.throws(() => proxy(), PermanentError)
  assert.throws(() => proxy(), PermanentError)
})
