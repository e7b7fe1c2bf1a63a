// Same component, same names; the upstream package before its repackaging (docs/api-behaviour.md "Component names",
// docs/scanning.md "Which component"), on the shipped seed (real data). Files that both an npm package and the
// Debian package repackaging it hold (depd's index.js in node-depd, @jridgewell/gen-mapping's in
// node-ampproject-remapping, …) are attributed to the npm package, although Debian's release is the older one. A
// Debian component and a scoped npm one get the same `component`/`name` and `vendor` from the engine scan, search,
// versions, status, the legacy dependencies call and the folder-hash scan.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { TestApp } from './helpers/app.ts'
import { closeSeededApp, seededApp } from './helpers/seeded-app.ts'

let t: TestApp
before(async () => {
  t = await seededApp()
})
after(() => closeSeededApp(t))

type Match = { id: string; purl: string[]; vendor: string; component: string; version: string; file: string }

/** Posts file lines (MD5, size, path: a file match needs no fingerprints) as the clients' multipart form. */
async function scan(files: { md5: string; size: number; path: string }[]): Promise<Record<string, Match[]>> {
  const wfp = files.map((f) => `file=${f.md5},${f.size},${f.path}\n`).join('')
  const payload = `--B\r\nContent-Disposition: form-data; name="file"; filename="r.wfp"\r\n\r\n${wfp}\r\n--B--\r\n`
  const res = await t.app.inject({
    method: 'POST',
    url: '/scan/direct',
    headers: { 'x-api-key': t.keys.full, 'content-type': 'multipart/form-data; boundary=B' },
    payload,
  })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'x-api-key': t.keys.full } })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}
const post = async (url: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: { 'x-api-key': t.keys.full }, payload })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

/** The purls of the components whose versions hold a file with this MD5 in the seed. */
async function holders(md5: string): Promise<string[]> {
  const rows = await t.storage.db
    .selectFrom('version_files as f')
    .innerJoin('versions as v', 'v.id', 'f.version_id')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select('c.purl')
    .where('f.md5', '=', md5)
    .execute()
  return [...new Set(rows.map((r) => r.purl))].sort()
}

// Real files of the seed, each held by an npm package and by the Debian package that installs it under
// usr/share/nodejs/<npm name>/ (Debian's upload is the older release in every case).
const SHARED = [
  { md5: '002a1f3e813cc05d9e3cc011f6601628', size: 10932, path: 'index.js', npm: 'pkg:npm/depd', deb: 'node-depd' },
  {
    md5: '0401c7dc81c41f8bda8891ecaf019e34',
    size: 26957,
    path: 'estraverse.js',
    npm: 'pkg:npm/estraverse',
    deb: 'node-estraverse',
  },
  { md5: '133d34abe04cbf1473bf75d370033d2e', size: 22402, path: 'parse.js', npm: 'pkg:npm/json5', deb: 'node-json5' },
  {
    md5: 'fbd39da1b4e3d4cea7246e46dc0d558a',
    size: 480,
    path: 'sourcemap-segment.ts',
    npm: 'pkg:npm/%40jridgewell/gen-mapping',
    deb: 'node-ampproject-remapping',
  },
]

test('a file held by an npm package and by its Debian repackaging is attributed to the npm package', async () => {
  for (const f of SHARED)
    assert.deepEqual(await holders(f.md5), [`pkg:deb/debian/${f.deb}`, f.npm].sort(), `${f.path}: both hold it`)
  const answer = await scan(SHARED)
  for (const f of SHARED) {
    const [m] = answer[f.path] ?? []
    assert.equal(m?.id, 'file', f.path)
    assert.deepEqual(m?.purl, [f.npm], f.path)
  }
  const [gen] = answer['sourcemap-segment.ts'] ?? []
  assert.deepEqual([gen?.vendor, gen?.component], ['jridgewell', '@jridgewell/gen-mapping'])
})

test('a Debian component has the same names in the scan, search, versions, status and dependencies', async () => {
  // usr/share/nodejs/mime-types/index.js of node-mime-types 2.1.35-1: no npm version in the seed holds it
  const md5 = 'bf015bb6811afc5c98e3e5f7072fdc79'
  assert.deepEqual(await holders(md5), ['pkg:deb/debian/node-mime-types'])
  const [m] = (await scan([{ md5, size: 3663, path: 'mime/index.js' }]))['mime/index.js'] ?? []
  assert.deepEqual(
    [m?.purl[0], m?.vendor, m?.component],
    ['pkg:deb/debian/node-mime-types', 'debian', 'node-mime-types'],
  )
  await sameNamesElsewhere('pkg:deb/debian/node-mime-types', 'node-mime-types', m?.version ?? '')
})

test('a scoped npm component has the same names in the scan, search, versions, status and dependencies', async () => {
  // lib/errors/rewrite-stack-trace.js of @babel/core: held by no other component of the seed
  const md5 = 'e11a774c4ff516fd31a39fa2fd7f6f87'
  assert.deepEqual(await holders(md5), ['pkg:npm/%40babel/core'])
  const [m] = (await scan([{ md5, size: 2858, path: 'rewrite-stack-trace.js' }]))['rewrite-stack-trace.js'] ?? []
  assert.deepEqual([m?.purl[0], m?.vendor, m?.component], ['pkg:npm/%40babel/core', 'babel', '@babel/core'])
  await sameNamesElsewhere('pkg:npm/%40babel/core', '@babel/core', m?.version ?? '')
})

async function sameNamesElsewhere(purl: string, name: string, version: string) {
  const search = await get(`/v2/components/search?search=${encodeURIComponent(name)}`)
  const hit = search.components.find((c: { purl: string }) => c.purl === purl)
  assert.deepEqual([hit?.name, hit?.component], [name, name], 'search')
  const versions = await get(`/v2/components/versions?purl=${encodeURIComponent(purl)}`)
  assert.deepEqual([versions.component.name, versions.component.component], [name, name], 'versions')
  const status = await get(`/v2/components/status/component?purl=${encodeURIComponent(purl)}`)
  assert.equal(status.name, name, 'status')
  const deps = await post('/v2/dependencies/dependencies', {
    files: [{ file: 'manifest', purls: [{ purl: `${purl}@${version}` }] }],
  })
  assert.equal(deps.files[0].dependencies[0].component, name, 'dependencies')
}
