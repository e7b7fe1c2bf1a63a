// The dependencies endpoints for PyPI and crates.io purls over a FIXTURE KB (kb-fixture-python-rust.ts), on SQLite
// and PostgreSQL: the request shapes scanoss-py and scanoss-js were recorded sending for a requirements.txt
// (client-captures.json, 2026-11-22: `{"purl": "pkg:pypi/requests@2.31.0", "requirement": "==2.31.0"}`, name
// prefixes stripped), the same with the names left in, Cargo's requirements, and the transitive walk of each.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { backends } from './helpers/backends.ts'
import { loadPythonRustFixtureKb } from './helpers/kb-fixture-python-rust.ts'

const LEGACY = '/v2/dependencies/dependencies'
const TRANSITIVE = '/v2/dependencies/transitive/components'

type Entry = { purl: string; version: string; requirement: string; licenses: { spdx_id: string }[]; info_code?: string }

for (const backend of backends()) {
  describe(`PyPI and crates.io dependencies on ${backend.name}`, () => {
    let t: TestApp
    let cleanup: () => Promise<void>
    before(async () => {
      const opened = await backend.open()
      cleanup = opened.cleanup
      t = await makeTestApp({ storage: opened.storage })
      await loadPythonRustFixtureKb(opened.storage)
    })
    after(async () => {
      await t.close()
      await cleanup()
    })
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { 'x-api-key': t.keys.full } })
      assert.equal(res.statusCode, 200, res.body)
      return res.json()
    }
    const legacy = async (purls: { purl: string; requirement?: string }[]) => {
      const body = await post(LEGACY, { files: [{ file: 'requirements.txt', purls }], depth: 1 })
      return (body.files[0].dependencies as Entry[]).map((d) => [
        d.purl,
        d.version,
        d.info_code ?? 'SUCCESS',
        d.licenses.map((l) => l.spdx_id).join(' '),
      ])
    }

    test("scanoss-py's recorded requirements.txt request (names stripped, `==` kept, purl @version)", async () => {
      const rows = await legacy([
        { purl: 'pkg:pypi/requests@2.31.0', requirement: '==2.31.0' },
        { purl: 'pkg:pypi/flask', requirement: '>=2.0' },
      ])
      assert.deepEqual(rows, [
        ['pkg:pypi/requests', '2.31.0', 'SUCCESS', 'Apache-2.0'],
        // PEP 440: the highest final release (3.1.0rc1 is a pre-release the specifier does not name)
        ['pkg:pypi/flask', '3.0.0', 'SUCCESS', 'BSD-3-Clause'],
      ])
    })

    test('requirements with the name, extras or marker left in, and PEP 440 operators', async () => {
      const rows = await legacy([
        { purl: 'pkg:pypi/requests', requirement: 'requests>=2.0,<2.31' },
        { purl: 'pkg:pypi/Flask', requirement: 'flask[async]>=2,<3' },
        { purl: 'pkg:pypi/flask', requirement: 'Flask (~=2.0)' },
        { purl: 'pkg:pypi/urllib3', requirement: 'urllib3<2; python_version >= "3.8"' },
        { purl: 'pkg:pypi/flask', requirement: '==3.*' },
        { purl: 'pkg:pypi/flask', requirement: '>=3.1.0rc1' },
        { purl: 'pkg:pypi/requests', requirement: 'requests^2' },
      ])
      assert.deepEqual(rows, [
        ['pkg:pypi/requests', '2.30.0', 'SUCCESS', 'Apache-2.0'],
        ['pkg:pypi/Flask', '2.3.3', 'SUCCESS', 'BSD-3-Clause'],
        ['pkg:pypi/flask', '2.3.3', 'SUCCESS', 'BSD-3-Clause'],
        ['pkg:pypi/urllib3', '1.26.18', 'SUCCESS', 'MIT'],
        ['pkg:pypi/flask', '3.0.0', 'SUCCESS', 'BSD-3-Clause'],
        ['pkg:pypi/flask', '3.1.0rc1', 'SUCCESS', 'BSD-3-Clause'],
        ['pkg:pypi/requests', '', 'INVALID_SEMVER', ''],
      ])
    })

    test("crates: Cargo's requirements (a bare version is a caret unless it is a known version's), names case- and -/_-insensitive", async () => {
      const rows = await legacy([
        { purl: 'pkg:cargo/serde', requirement: '1.0.189' },
        { purl: 'pkg:cargo/serde', requirement: '1.0.188' },
        { purl: 'pkg:cargo/serde', requirement: '=1.0.188' },
        { purl: 'pkg:cargo/serde-json', requirement: '1' },
        { purl: 'pkg:cargo/Serde_JSON@1.0.108' },
        { purl: 'pkg:cargo/ryu', requirement: '>=1.0, <1.0.15' },
      ])
      assert.deepEqual(rows, [
        ['pkg:cargo/serde', '1.0.190', 'SUCCESS', 'Apache-2.0 MIT'],
        ['pkg:cargo/serde', '1.0.188', 'SUCCESS', 'Apache-2.0 MIT'],
        ['pkg:cargo/serde', '1.0.188', 'SUCCESS', 'Apache-2.0 MIT'],
        ['pkg:cargo/serde-json', '1.0.108', 'SUCCESS', 'Apache-2.0 MIT'],
        ['pkg:cargo/Serde_JSON', '1.0.108', 'SUCCESS', 'Apache-2.0 MIT'],
        ['pkg:cargo/ryu', '1.0.15', 'REQUIREMENT_NOT_MET', 'Apache-2.0 BSL-1.0'],
      ])
    })

    test('transitive: PEP 508 markers and extras, Cargo scopes, each resolved by its own rules', async () => {
      const walk = async (purl: string) =>
        (await post(TRANSITIVE, { components: [{ purl }] })).dependencies.map(
          (d: { purl: string; version: string; requirement: string }) => [d.purl, d.version, d.requirement],
        )
      assert.deepEqual(await walk('pkg:pypi/requests@2.31.0'), [
        ['pkg:pypi/certifi', '2023.7.22', '(>=2017.4.17)'],
        ['pkg:pypi/charset-normalizer', '3.3.2', '(<4,>=2)'],
        ['pkg:pypi/idna', '3.4', '(<4,>=2.5)'],
        ['pkg:pypi/urllib3', '2.0.7', '(<3,>=1.21.1)'],
      ])
      assert.deepEqual(await walk('pkg:cargo/serde_json@1.0.108'), [
        ['pkg:cargo/itoa', '1.0.9', '1.0'],
        ['pkg:cargo/ryu', '1.0.15', '1.0'],
        ['pkg:cargo/serde', '1.0.190', '1.0.190'],
      ])
    })

    test("transitive: an input's extras (`[socks]`), and Cargo's features through the KB (serde's `derive`)", async () => {
      const walk = async (components: object[]) =>
        (await post(TRANSITIVE, { components })).dependencies.map(
          (d: { purl: string; version: string; depth: number }) => [d.purl, d.version, d.depth],
        )
      const socks = await walk([{ purl: 'pkg:pypi/requests@2.31.0', requirement: '[socks]' }])
      assert.deepEqual(
        socks.filter((d: string[]) => d[0] === 'pkg:pypi/pysocks'),
        [['pkg:pypi/pysocks', '1.7.1', 1]],
      )
      assert.deepEqual(await walk([{ purl: 'pkg:pypi/requests', requirement: 'requests[socks]==2.31.0' }]), socks)
      // demo-app asks serde for `derive`: serde_derive, optional, is followed; serde_json asks serde without
      // default features (nothing more)
      assert.deepEqual(await walk([{ purl: 'pkg:cargo/demo-app' }]), [
        ['pkg:cargo/serde', '1.0.190', 1],
        ['pkg:cargo/serde_json', '1.0.108', 1],
        ['pkg:cargo/serde_derive', '1.0.190', 2],
        ['pkg:cargo/itoa', '1.0.9', 2],
        ['pkg:cargo/ryu', '1.0.15', 2],
      ])
      // serde alone, default features: serde_derive is not
      assert.deepEqual(await walk([{ purl: 'pkg:cargo/serde@1.0.190' }]), [])
    })
  })
}
