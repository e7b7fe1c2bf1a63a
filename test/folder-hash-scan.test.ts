// Folder-hash scan end to end: the FIXTURE packages fixture-hfh (three versions), fixture-hfh-twin and
// fixture-hfh-other (test/fixtures/npm) are ingested through the real analyzers, their tarballs are unpacked as
// they would sit in node_modules, hashed with the client algorithm and scanned through POST /v2/scanning/hfh/scan.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { writeFolderNodes } from '../src/storage/folder-index.ts'
import type { TestApp } from './helpers/app.ts'
import type { FixtureRegistry } from './helpers/fixture-registry.ts'
import { installFixture, type HfhReply as Reply, hfhRequestFor as requestFor, scanHfh } from './helpers/hfh-scan.ts'
import { type IngestedFixtures, ingestedFixtures } from './helpers/ingested-fixtures.ts'

const work = mkdtempSync(path.join(tmpdir(), 'compintel-hfh-scan-'))
let f: IngestedFixtures
let reg: FixtureRegistry
let t: TestApp

const install = (dir: string, name: string, version: string) => installFixture(reg, dir, name, version)
const scan = (body: unknown, status = 200) => scanHfh(t, body, status)

before(async () => {
  f = await ingestedFixtures(['fixture-hfh', 'fixture-hfh-twin', 'fixture-hfh-other'])
  t = f.t
  reg = f.reg
})
after(async () => {
  await f.close()
  rmSync(work, { recursive: true, force: true })
})

describe('identifying an unpacked package folder', () => {
  for (const [name, version] of [
    ['fixture-hfh', '1.0.0'],
    ['fixture-hfh', '1.1.0'],
    ['fixture-hfh', '2.0.0'],
    ['fixture-hfh-twin', '1.0.0'],
    ['fixture-hfh-other', '3.0.0'],
  ] as const) {
    test(`${name}@${version}: top component and version, exact score`, async () => {
      const dir = await install(path.join(work, `${name}-${version}`), name, version)
      const r = await scan(await requestFor(dir))
      assert.equal(r.status.status, 'SUCCESS')
      assert.equal(r.results[0]?.path_id, '.')
      const best = r.results[0]?.components[0]
      assert.equal(best?.purl, `pkg:npm/${name}`)
      assert.equal(best?.name, name)
      assert.equal(best?.vendor, name)
      assert.equal(best?.order, 1)
      assert.equal(best?.rank, 5) // no dependents in this KB, from the registry, with a repository
      assert.equal(best?.versions[0]?.version, version)
      assert.equal(best?.versions[0]?.score, 1)
      assert.deepEqual(
        best?.versions[0]?.licenses.map((l) => l.spdx_id),
        ['MIT'],
      )
      const purls = r.results.flatMap((x) => x.components.map((c) => c.purl))
      assert.equal(new Set(purls).size, purls.length, 'each purl once')
    })
  }
})

describe('a project folder with packages in node_modules (depth 3)', () => {
  let reply: Reply
  before(async () => {
    const project = path.join(work, 'project')
    await install(project, 'fixture-hfh', '1.1.0')
    await install(project, 'fixture-hfh-other', '3.0.0')
    writeFileSync(path.join(project, 'app.js'), 'console.log("the project\'s own code")\n')
    reply = await scan(await requestFor(project, 3))
  })
  test('each package is found at its own folder, with its version first', () => {
    const at = (p: string) => reply.results.find((r) => r.path_id === p)?.components[0]
    assert.equal(at('node_modules/fixture-hfh')?.purl, 'pkg:npm/fixture-hfh')
    assert.equal(at('node_modules/fixture-hfh')?.versions[0]?.version, '1.1.0')
    assert.equal(at('node_modules/fixture-hfh-other')?.purl, 'pkg:npm/fixture-hfh-other')
  })
  test('an exact installed copy scores 1: its directory names match the hash indexed as installed', () => {
    for (const r of reply.results) for (const c of r.components) assert.ok((c.versions[0]?.score ?? 0) > 0.15)
    for (const [p, purl] of [
      ['node_modules/fixture-hfh', 'pkg:npm/fixture-hfh'],
      ['node_modules/fixture-hfh-other', 'pkg:npm/fixture-hfh-other'],
    ]) {
      const hit = reply.results.find((r) => r.path_id === p)?.components[0]
      assert.equal(hit?.purl, purl)
      assert.equal(hit?.versions[0]?.score, 1, JSON.stringify(hit))
    }
  })
})

describe('filters', () => {
  let request: Record<string, unknown>
  before(async () => {
    request = await requestFor(await install(path.join(work, 'filters'), 'fixture-hfh', '1.0.0'))
  })
  const top = (r: Reply) => r.results[0]?.components[0]?.purl
  test('rank_threshold: below the component rank nothing is found; omitted or 0 means the clients default 5', async () => {
    assert.deepEqual((await scan({ ...request, rank_threshold: 4 })).results, [])
    assert.equal(top(await scan({ ...request, rank_threshold: 0 })), 'pkg:npm/fixture-hfh')
    const { rank_threshold: _omit, ...without } = request
    assert.equal(top(await scan(without)), 'pkg:npm/fixture-hfh')
  })
  test('rank_threshold outside 1-9 is clamped, never refused: above 9 is 9, below 0 is 1', async () => {
    assert.equal(top(await scan({ ...request, rank_threshold: 10 })), 'pkg:npm/fixture-hfh')
    assert.equal(top(await scan({ ...request, rank_threshold: 1000 })), 'pkg:npm/fixture-hfh')
    assert.deepEqual((await scan({ ...request, rank_threshold: -3 })).results, [])
  })
  test('category keeps one PURL type', async () => {
    assert.deepEqual((await scan({ ...request, category: 'pypi' })).results, [])
    assert.equal(top(await scan({ ...request, category: 'npm' })), 'pkg:npm/fixture-hfh')
  })
  test('min_accepted_score is strict', async () => {
    assert.equal(top(await scan({ ...request, min_accepted_score: 0.999 })), 'pkg:npm/fixture-hfh')
    assert.deepEqual((await scan({ ...request, min_accepted_score: 1 })).results, [])
  })
  test('query_limit bounds the components of a folder', async () => {
    const all = await scan({ ...request, min_accepted_score: 0, query_limit: 100 })
    const one = await scan({ ...request, min_accepted_score: 0, query_limit: 1 })
    assert.equal(one.results[0]?.components.length, 1)
    assert.ok((all.results[0]?.components.length ?? 0) >= 1)
  })
  test('lowerCamel field names are accepted as well as proto names', async () => {
    const root = request.root as Record<string, unknown>
    const camel = {
      root: {
        pathId: root.path_id,
        simHashNames: root.sim_hash_names,
        simHashContent: root.sim_hash_content,
        simHashDirNames: root.sim_hash_dir_names,
        langExtensions: root.lang_extensions,
        children: [],
      },
      rankThreshold: 5,
      minAcceptedScore: 0.15,
    }
    assert.equal(top(await scan(camel)), 'pkg:npm/fixture-hfh')
  })
})

test('the captured scanoss-py folder-scan request gets the shape the client reads', async () => {
  // FIXTURE: the folder of fixture-hfh-other 3.0.0 given the captured root's hashes, so the capture has a match
  // (this replaces that version's indexed folder: the tests above that scan its real folder have run)
  const { requests } = JSON.parse(
    readFileSync(new URL('fixtures/client-captures/v2-requests.json', import.meta.url), 'utf8'),
  )
  const capture = (requests as { path: string; body: string }[]).find((r) => r.path === '/v2/scanning/hfh/scan')
  assert.ok(capture)
  const root = JSON.parse(capture.body).root
  const v = await f.storage.db
    .selectFrom('versions')
    .innerJoin('components', 'components.id', 'versions.component_id')
    .select('versions.id')
    .where('components.purl', '=', 'pkg:npm/fixture-hfh-other')
    .executeTakeFirstOrThrow()
  const pad = (x: string) => x.padStart(16, '0')
  const output = {
    folders: [
      {
        path: '.',
        files: 22,
        names: pad(root.sim_hash_names),
        content: pad(root.sim_hash_content),
        dirs: pad(root.sim_hash_dir_names),
        lang_extensions: {},
      },
    ],
  }
  await writeFolderNodes(f.storage.db, { versionId: v.id, output, files: [], purlName: '' })
  const r = await scan(capture.body)
  assert.equal(r.status.status, 'SUCCESS')
  const best = r.results[0]
  assert.equal(best?.path_id, '.')
  const c = best?.components.find((x) => x.order === 1)
  assert.equal(c?.purl, 'pkg:npm/fixture-hfh-other')
  for (const field of ['purl', 'name', 'vendor'] as const) assert.equal(typeof c?.[field], 'string')
  assert.equal(c?.versions[0]?.version, '3.0.0')
  assert.equal(c?.versions[0]?.score, 1)
  assert.ok(Array.isArray(c?.versions[0]?.licenses))
})

describe('bad input', () => {
  const node = (over: Record<string, unknown> = {}) => ({
    path_id: '.',
    sim_hash_names: null,
    sim_hash_content: null,
    sim_hash_dir_names: null,
    lang_extensions: null,
    children: [],
    ...over,
  })
  test('null hashes and null lang_extensions are accepted: an empty result list', async () => {
    const r = await scan({ root: node({ children: [node({ path_id: 'a' })] }), rank_threshold: 5 })
    assert.deepEqual(r.results, [])
    assert.equal(r.status.status, 'SUCCESS')
  })
  const refused: [string, unknown][] = [
    ['no root', { rank_threshold: 5 }],
    ['a root that is not an object', { root: [] }],
    ['a non-hex hash', { root: node({ sim_hash_names: 'xyz', sim_hash_content: '1', sim_hash_dir_names: '1' }) }],
    [
      'an over-long hash',
      { root: node({ sim_hash_names: '1'.repeat(17), sim_hash_content: '1', sim_hash_dir_names: '1' }) },
    ],
    ['a numeric hash', { root: node({ sim_hash_names: 12, sim_hash_content: '1', sim_hash_dir_names: '1' }) }],
    ['only some hashes', { root: node({ sim_hash_names: 'ff' }) }],
    ['no path_id', { root: { children: [] } }],
    ['children not a list', { root: node({ children: {} }) }],
    ['a bad lang_extensions', { root: node({ lang_extensions: { js: 'many' } }) }],
    ['a fractional rank_threshold', { root: node(), rank_threshold: 2.5 }],
    ['a fractional query_limit', { root: node(), query_limit: 1.5 }],
    ['min_accepted_score above 1', { root: node(), min_accepted_score: 2 }],
    ['a category that is not a string', { root: node(), category: 3 }],
  ]
  for (const [what, body] of refused) {
    test(`${what} → 400 VALIDATION_FAILED in the error shape`, async () => {
      const r = (await scan(body, 400)) as unknown as { status: { status: string }; error: { code: string } }
      assert.equal(r.status.status, 'FAILED')
      assert.equal(r.error.code, 'VALIDATION_FAILED')
    })
  }
  test('a tree deeper than 64 levels → 400; 64 levels are fine', async () => {
    const chain = (levels: number) => {
      let n = node({ path_id: `l${levels}` })
      for (let i = levels - 1; i >= 1; i--) n = node({ path_id: `l${i}`, children: [n] })
      return n
    }
    await scan({ root: chain(64) }, 200)
    const r = (await scan({ root: chain(65) }, 400)) as unknown as { error: { code: string } }
    assert.equal(r.error.code, 'VALIDATION_FAILED')
  })
  test('a tree of more than 50,000 folders → 400; 50,000 are fine', async () => {
    const wide = (n: number) => node({ children: Array.from({ length: n - 1 }, (_, i) => node({ path_id: `d${i}` })) })
    await scan({ root: wide(50_000) }, 200)
    const r = (await scan({ root: wide(50_001) }, 400)) as unknown as { error: { code: string } }
    assert.equal(r.error.code, 'VALIDATION_FAILED')
  })
})
