// The real scanoss-js SDK (npm `scanoss`, pinned) against a compintel server on 127.0.0.1 with the FIXTURE KB:
// its ComponentsHttpClient searches, lists versions and reads statistics as its users would.
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, test } from 'node:test'
import { ComponentsHttpClient } from 'scanoss'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'

type Wire = {
  components: { name: string }[]
  purls: { statistics: { total_lines: number; languages: unknown[] } }[]
  status: { status: string }
}

let t: TestApp
let client: ComponentsHttpClient
before(async () => {
  t = await makeTestApp()
  await loadFixtureKb(t.storage)
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = t.app.server.address() as AddressInfo
  client = new ComponentsHttpClient({ HOST_URL: `http://127.0.0.1:${port}`, API_KEY: t.keys.components } as never)
})
after(() => t.close())

test('searchComponents: ranked hits from the KB', async () => {
  // the SDK's own typings are camelCase; the wire (and what it returns) is snake_case
  const res = (await client.searchComponents({ search: 'fx', package: 'npm', limit: 3 } as never)) as unknown as Wire
  assert.deepEqual(
    res.components.map((c) => c.name),
    ['fx-util', 'fx-lib', 'fx-app'],
  )
  assert.equal(res.status.status, 'SUCCESS')
})

test('getComponentVersions: versions with the licenses the SDK re-maps', async () => {
  const res = await client.getComponentVersions({ purl: 'pkg:npm/fx-lib', limit: 2 } as never)
  const versions = res.component.versions as { version: string; licenses: unknown[] }[]
  assert.deepEqual(
    versions.map((v) => v.version),
    ['2.0.0', '1.3.0'],
  )
  assert.deepEqual(versions[0]?.licenses, [
    { name: 'Apache-2.0', spdxId: 'Apache-2.0', isSpdxVersion: true, url: 'https://spdx.org/licenses/Apache-2.0.html' },
  ])
})

test('getComponentStatistics: the old `purls` request shape gets its `purls` answer', async () => {
  const res = (await client.getComponentStatistics([
    { purl: 'pkg:npm/fx-app', requirement: '1.1.0' },
    { purl: 'pkg:npm/fx-none' },
  ] as never)) as unknown as Wire
  assert.equal(res.purls.length, 2)
  assert.equal(res.purls[0]?.statistics.total_lines, 120)
  assert.deepEqual(res.purls[1]?.statistics.languages, [])
})
