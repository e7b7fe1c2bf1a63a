// The folder hasher against the golden cases recorded from the real scanoss-py (test/fixtures/folder-hash).
import assert from 'node:assert/strict'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { hashFolder } from '../src/cli/folder-walk.ts'
import { pythonFloat, pythonJson, scanRequest, toRequestNode } from '../src/domain/folder-hash/request.ts'

interface Case {
  name: string
  depth: number
  files: { path: string; content_b64: string }[]
  expected: unknown
}
const vectors = JSON.parse(await readFile(new URL('fixtures/folder-hash/hfh-vectors.json', import.meta.url), 'utf8'))
const cases: Case[] = vectors.cases
const work = await mkdtemp(join(tmpdir(), 'compintel-hfh-'))
after(() => rm(work, { recursive: true, force: true }))

async function materialise(c: Case, under = work): Promise<string> {
  const dir = join(under, c.name)
  for (const f of c.files) {
    const path = join(dir, ...f.path.split('/'))
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, Buffer.from(f.content_b64, 'base64'))
  }
  return dir
}

/** The JSON the client would send, parsed back: Maps become objects in their order, as in the expected trees. */
const asJson = (x: unknown) => JSON.parse(pythonJson(x))

test('there are 10 golden cases', () => assert.equal(cases.length, 10))

for (const c of cases) {
  test(`golden case ${c.name} (depth ${c.depth})`, async () => {
    const tree = await hashFolder(await materialise(c))
    const got = toRequestNode(tree, c.depth)
    assert.deepEqual(asJson(got), c.expected)
    // lang_extensions key order is the first-seen order, even for integer-like keys
    const want = JSON.stringify(c.expected)
    assert.equal(JSON.stringify(asJson(got)), want)
  })
}

test('the demo request is byte-identical to the one scanoss-py sends at --depth 2', async () => {
  const demo = cases.find((c) => c.name === 'demo') as Case
  const tree = await hashFolder(await materialise(demo, join(work, 'bytes')))
  const body = pythonJson(scanRequest(tree, 2))
  assert.equal(
    body,
    '{"root": {"path_id": ".", "sim_hash_names": "c8fca47eab4f94bb", "sim_hash_content": "f7be617c23bff76f", "sim_hash_dir_names": "d83e1f13a97bce2d", "lang_extensions": {"md": 1, "h": 2, "c": 4}, "children": [{"path_id": "include", "sim_hash_names": null, "sim_hash_content": null, "sim_hash_dir_names": null, "lang_extensions": null, "children": []}, {"path_id": "src", "sim_hash_names": null, "sim_hash_content": null, "sim_hash_dir_names": null, "lang_extensions": null, "children": []}]}, "rank_threshold": 5, "recursive_threshold": 0.8, "min_accepted_score": 0.15}',
  )
})

test('floats as Python writes them: the thresholds always as floats, repr notation', () => {
  for (const [x, want] of [
    [0.8, '0.8'],
    [0.15, '0.15'],
    [1, '1.0'],
    [0, '0.0'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [1.5e-7, '1.5e-07'],
    [1e16, '1e+16'],
    [123456789012345.6, '123456789012345.6'],
  ] as const)
    assert.equal(pythonFloat(x), want, String(x))
  assert.equal(
    pythonJson({ rank_threshold: 5, recursive_threshold: 1, min_accepted_score: 0 }),
    '{"rank_threshold": 5, "recursive_threshold": 1.0, "min_accepted_score": 0.0}',
  )
})

test('non-ASCII path ids and extension keys travel as \\u escapes', () => {
  assert.equal(
    pythonJson({ path_id: 'über/😀', k: new Map([['ü', 1]]) }),
    '{"path_id": "\\u00fcber/\\ud83d\\ude00", "k": {"\\u00fc": 1}}',
  )
})

test('symlinked files are dropped and symlinked directories not entered; a hidden root hashes nothing', async () => {
  const demo = cases.find((c) => c.name === 'demo') as Case
  const dir = await materialise(demo, join(work, 'links'))
  const plain = asJson(toRequestNode(await hashFolder(dir), 3))
  await symlink(join(dir, 'src'), join(dir, 'src-link'))
  await symlink(join(dir, 'README.md'), join(dir, 'README-link.md'))
  assert.deepEqual(asJson(toRequestNode(await hashFolder(dir), 3)), plain)
  const hidden = await materialise(demo, join(work, '.hidden'))
  const tree = await hashFolder(hidden)
  assert.equal(tree.files, 0)
  assert.equal(tree.hashes, undefined)
})
