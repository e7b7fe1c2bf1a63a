// The real scanoss-js CLI (npm `scanoss`, pinned) running `dep` on a project folder against a compintel server on
// 127.0.0.1 with the FIXTURE KB; then every recorded scanoss-js / scanoss-py request to /v2/dependencies/* (FIXTURE:
// test/fixtures/client-captures/dependencies.json) replayed as sent.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'

const require = createRequire(import.meta.url)
const pkgJson = require.resolve('scanoss/package.json')
const bin = join(dirname(pkgJson), (require(pkgJson) as { bin: Record<string, string> }).bin['scanoss-js'] as string)

type License = { name: string; spdxId: string; isSpdxApproved: boolean; url: string }
type CliDep = {
  component: string
  purl: string
  version: string
  requirement: string
  licensesList: License[]
  scope: string
}
type CliOutput = {
  filesList: { file: string; id: string; status: string; dependenciesList: CliDep[] }[]
  status: { status: string }
}

let t: TestApp
let port: number
let project: string
before(async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE_PER_IP: '100000' } })
  await loadFixtureKb(t.storage)
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  port = (t.app.server.address() as AddressInfo).port
  project = await mkdtemp(join(tmpdir(), 'compintel-dep-'))
  const manifest = {
    name: 'demo',
    version: '1.0.0',
    dependencies: { 'fx-lib': '^1.0.0', 'fx-util': '2.2.0', '@fx/scoped': '^0.1.0', 'fx-unknown': '^1.0.0' },
    devDependencies: { 'fx-app': '1.1.0' },
  }
  await writeFile(join(project, 'package.json'), JSON.stringify(manifest))
  await writeFile(join(project, 'requirements.txt'), 'requests==2.31.0\n')
})
after(async () => {
  await t.close()
  await rm(project, { recursive: true, force: true })
})

const spdx = (id: string): License => ({
  name: id,
  spdxId: id,
  isSpdxApproved: true,
  url: `https://spdx.org/licenses/${id}.html`,
})

test('scanoss-js dep prints the versions and licenses of the fixture KB', async () => {
  // scanoss-js ignores NO_PROXY: a proxy in the environment would swallow the 127.0.0.1 calls
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(https?|all)_proxy$/i.test(k)))
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [bin, 'dep', project, '--apiurl', `http://127.0.0.1:${port}`, '--key', t.keys.full],
    { env, timeout: 60_000 },
  )
  const out = JSON.parse(stdout) as CliOutput
  assert.equal(out.status.status, 'SUCCESS')
  const files = Object.fromEntries(out.filesList.map((f) => [f.file.slice(project.length + 1), f]))
  assert.deepEqual(Object.keys(files).sort(), ['package.json', 'requirements.txt'])
  const npm = files['package.json']
  assert.equal(npm?.id, 'dependency')
  const got = npm?.dependenciesList.map((d) => [d.purl, d.version, d.requirement, d.scope, d.licensesList])
  assert.deepEqual(got, [
    ['pkg:npm/fx-lib', '1.3.0', '^1.0.0', 'dependencies', [spdx('MIT')]],
    ['pkg:npm/fx-util', '2.2.0', '2.2.0', 'dependencies', [spdx('BSD-3-Clause'), spdx('Zlib')]],
    ['pkg:npm/%40fx/scoped', '0.1.0', '^0.1.0', 'dependencies', [spdx('Apache-2.0')]],
    ['pkg:npm/fx-unknown', '', '^1.0.0', 'dependencies', []],
    ['pkg:npm/fx-app', '1.1.0', '1.1.0', 'devDependencies', [spdx('MIT')]],
  ])
  assert.equal(npm?.dependenciesList[2]?.component, '@fx/scoped')
  // an ecosystem without data comes back, with an empty version, not dropped
  const py = files['requirements.txt']?.dependenciesList
  assert.deepEqual(
    py?.map((d) => [d.purl, d.version, d.requirement]),
    [['pkg:pypi/requests', '', '2.31.0']],
  )
})

interface Captured {
  run: string
  client: string
  method: string
  path: string
  body: string
}

const LISTS = new Set(['files', 'dependencies', 'licenses', 'purls', 'components'])

function listsAreArrays(value: unknown, where: string): void {
  if (Array.isArray(value)) for (const [i, v] of value.entries()) listsAreArrays(v, `${where}[${i}]`)
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (LISTS.has(k)) assert.ok(Array.isArray(v), `${where}.${k} is not a list`)
      listsAreArrays(v, `${where}.${k}`)
    }
}

test('every recorded client request to /v2/dependencies/* gets a 200 with one entry per purl, in order', async () => {
  const fixture = new URL('./fixtures/client-captures/dependencies.json', import.meta.url)
  const { requests } = JSON.parse(await readFile(fixture, 'utf8')) as { requests: Captured[] }
  assert.ok(requests.length >= 40)
  const clients = new Set<string>()
  for (const c of requests) {
    const res = await t.app.inject({
      method: c.method as 'POST',
      url: c.path,
      headers: { 'content-type': 'application/json', 'x-api-key': t.keys.full },
      payload: c.body,
    })
    const what = `${c.run}: ${c.body.slice(0, 120)}`
    assert.equal(res.statusCode, 200, `${what} → ${res.body}`)
    const body = res.json()
    assert.equal(body.status.status, 'SUCCESS', what)
    listsAreArrays(body, 'response')
    const sent = JSON.parse(c.body) as { files: { file: string; purls: { purl: string }[] }[] }
    // a known component is echoed without its @version (scanoss-js matches on it), an unknown one exactly as sent
    const unknown = (code: string | undefined) => code === 'COMPONENT_NOT_FOUND' || code === 'INVALID_PURL'
    const answered = body.files as { file: string; dependencies: { purl: string; info_code?: string }[] }[]
    assert.deepEqual(
      answered.map((f) => [f.file, f.dependencies.map((d) => d.purl)]),
      sent.files.map((f, i) => [
        f.file,
        f.purls.map((p, j) =>
          unknown(answered[i]?.dependencies[j]?.info_code) ? p.purl : p.purl.replace(/@[^/?#]*(?=[?#]|$)/, ''),
        ),
      ]),
      what,
    )
    clients.add(c.client)
  }
  assert.deepEqual([...clients].sort(), ['scanoss-js', 'scanoss-py'])
})
