// Fuzzing every route (docs/security.md): fast-check bodies for every POST route (arbitrary JSON, schema-shaped bodies
// with hostile values and wrong types, batches at and over MAX_BATCH_SIZE, nesting around MAX_JSON_DEPTH, invalid
// UTF-8, wrong content types, over the body limit) and arbitrary query strings and path segments for every GET route.
// Every answer is 2xx or 4xx in the error shape, never a 5xx. Routes come from the route table and their schemas from
// the served OpenAPI document, so routes added later are fuzzed without editing this file. Seeds are fixed.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import fc from 'fast-check'
import { MAX_JSON_DEPTH } from '../src/http/plugins/json-body.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { sqliteBackend } from './helpers/backends.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'
import {
  arrayPaths,
  assertSafe,
  example,
  hostileString,
  type Operation,
  operations,
  schemaArbitrary,
  Tally,
  treePaths,
  valueAt,
  withAt,
} from './helpers/security.ts'

const SEED = 20_260_112
const MAX_BATCH = 1000
let t: TestApp
let cleanup: () => Promise<void>
let posts: Operation[]
let gets: Operation[]
const tally = new Tally()

before(async () => {
  const opened = await sqliteBackend.open()
  cleanup = opened.cleanup
  t = await makeTestApp({
    storage: opened.storage,
    env: {
      MAX_BATCH_SIZE: String(MAX_BATCH),
      RATE_LIMIT_PER_MINUTE: '10000000',
      RATE_LIMIT_PER_MINUTE_PER_IP: '10000000',
    },
  })
  await loadFixtureKb(opened.storage)
  const ops = await operations(t.app)
  posts = ops.filter((o) => o.method === 'POST')
  gets = ops.filter((o) => o.method === 'GET')
})
after(async () => {
  tally.print('security fuzz')
  await t.close()
  await cleanup()
})

const echo = (op: Operation) => op.url.endsWith('/echo')
/** Echo routes are one handler mounted eight times: a few runs each. */
const runs = (op: Operation, n: number) => ({ seed: SEED, numRuns: echo(op) ? Math.ceil(n / 10) : n })

async function post(op: Operation, kind: string, payload: string | Buffer, type = 'application/json') {
  const res = await t.app.inject({
    method: 'POST',
    url: op.url,
    headers: { 'x-api-key': t.keys.full, 'content-type': type },
    payload,
  })
  tally.answered(op.family, `POST ${kind}`, res.statusCode)
  assertSafe(res, `POST ${op.url} (${kind}) with ${String(payload).slice(0, 200)}`)
  return res
}

test('every POST route: arbitrary JSON values', async () => {
  assert.ok(posts.length >= 8, `${posts.length} POST routes`)
  for (const op of posts) {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), (v) => post(op, 'json', JSON.stringify(v) ?? 'null').then(() => undefined)),
      runs(op, 100),
    )
  }
})

test('every POST route: schema-shaped bodies with hostile values and wrong types', async () => {
  for (const op of posts) {
    const body = fc.oneof(schemaArbitrary(op.body ?? {}), fc.constant(example(op.body ?? {})))
    await fc.assert(
      fc.asyncProperty(body, (v) => post(op, 'shaped', JSON.stringify(v) ?? 'null').then(() => undefined)),
      runs(op, 300),
    )
  }
})

test('every POST route: every array at MAX_BATCH_SIZE and one over', async () => {
  for (const op of posts.filter((o) => !echo(o))) {
    const base = example(op.body ?? {})
    const paths = arrayPaths(base)
    for (const path of paths) {
      const one = (valueAt(base, path) as unknown[])[0]
      for (const size of [MAX_BATCH, MAX_BATCH + 1]) {
        const res = await post(op, 'batch', JSON.stringify(withAt(base, path, Array(size).fill(one))))
        // the one top-level batch of a body is limited (statistics takes `components` over `purls`)
        const onlyBatch = path.length === 1 && paths.filter((p) => p.length === 1).length === 1
        if (size > MAX_BATCH && onlyBatch && ['components', 'purls'].includes(String(path[0])))
          assert.equal(res.json().error?.code, 'BATCH_TOO_LARGE', `${op.url} ${path.join('.')} × ${size}`)
      }
    }
  }
})

/** `depth` levels of arrays or objects, as text (JSON.stringify would recurse). */
const nested = (depth: number, kind: 'array' | 'object') =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`

test('every POST route: nesting around MAX_JSON_DEPTH, alone and inside every array field', async () => {
  const depths = [MAX_JSON_DEPTH - 2, MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, MAX_JSON_DEPTH * 40]
  for (const op of posts) {
    const base = example(op.body ?? {})
    for (const path of [[], ...arrayPaths(base)]) {
      for (const depth of depths)
        for (const kind of ['array', 'object'] as const) {
          const text = JSON.stringify(withAt(base, path, '@@deep@@')).replace('"@@deep@@"', nested(depth, kind))
          const res = await post(op, 'deep', text)
          if (path.length + depth > MAX_JSON_DEPTH) assert.equal(res.json().error?.code, 'JSON_TOO_DEEP', op.url)
        }
    }
  }
})

/** Bracket depth of a JSON text (strings hold no brackets here). */
function depthOf(text: string): number {
  let depth = 0
  let max = 0
  for (const c of text) {
    if (c === '[' || c === '{') max = Math.max(max, ++depth)
    else if (c === ']' || c === '}') depth--
  }
  return max
}

test('every POST route: self-similar trees (folders in folders) just under and over MAX_JSON_DEPTH', async () => {
  for (const op of posts) {
    const base = example(op.body ?? {})
    // an array whose elements have the shape of its owner (`root.children`): folders in folders
    for (const p of treePaths(base)) {
      const ownerPath = p.slice(0, -1)
      const key = p.at(-1) as string
      const tree = (levels: number) => {
        let node = withAt(valueAt(base, ownerPath), [key], []) // a leaf: no children
        for (let i = 0; i < levels; i++) node = withAt(node, [key], [node])
        return JSON.stringify(withAt(base, ownerPath, node))
      }
      let levels = 1
      while (depthOf(tree(levels + 1)) <= MAX_JSON_DEPTH) levels++
      // a route may have a tree limit of its own (folder scans: 64 levels), below the JSON one
      for (const n of new Set([1, 8, 63, 64, 65, 100, levels, levels + 1].filter((x) => x <= levels + 1))) {
        const text = tree(n)
        const res = await post(op, 'tree', text)
        const deep = depthOf(text) > MAX_JSON_DEPTH
        assert.equal(
          res.json().error?.code === 'JSON_TOO_DEEP',
          deep,
          `${op.url} ${p.join('.')} depth ${depthOf(text)}`,
        )
      }
    }
  }
})

test('every POST route: invalid UTF-8, wrong content types, over the body limit', async () => {
  const types = fc.oneof(
    fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=latin1',
      'application/JSON',
      'application/json;;',
      'application/vnd.api+json',
      'application/octet-stream',
      '*/*',
    ),
    fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
  )
  const huge = JSON.stringify({ components: [{ purl: 'x'.repeat(9 * 1024 * 1024) }] })
  for (const op of posts) {
    const valid = JSON.stringify(example(op.body ?? {}))
    const cut = Math.max(1, valid.indexOf('"', 2))
    const bytes = fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from([...b, 0xff, 0xc3, 0x28]))
    await fc.assert(
      fc.asyncProperty(bytes, fc.boolean(), async (b, inside) => {
        const payload = inside ? Buffer.concat([Buffer.from(valid.slice(0, cut)), b, Buffer.from(valid.slice(cut))]) : b
        const res = await post(op, 'utf8', payload)
        assert.equal(res.statusCode, 400, `${op.url} accepted invalid UTF-8`)
      }),
      runs(op, 20),
    )
    await fc.assert(
      fc.asyncProperty(types, (type) => post(op, 'content-type', valid, type).then(() => undefined)),
      runs(op, 20),
    )
    // 413, or 400 from a route with a larger limit of its own (folder scans)
    assert.ok([400, 413].includes((await post(op, 'too large', huge)).statusCode), op.url)
  }
})

test('every GET route: arbitrary query strings and path segments', async () => {
  const raw = fc.string({
    unit: fc.constantFrom(...'&=%+[]?;,./\\\'"<> azAZ09_-', '%00', '%ZZ', '%E0%A4%A', '%FF', '%27', '%C3%A9'),
    maxLength: 60,
  })
  for (const op of gets) {
    const names = op.query.map((q) => q.name)
    const params = fc.array(
      fc.tuple(
        names.length ? fc.constantFrom(...names, `${names[0]}[]`, `${names[0]}[a]`) : fc.constant('x'),
        hostileString,
      ),
      { maxLength: 4 },
    )
    const shaped = params.map((ps) => ps.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'))
    const segment = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'azAZ09.-_~%', '%2F', '%2E%2E', '..', '%00'), maxLength: 30 }),
      fc.integer({ min: 190, max: 260 }).map((n) => 'a'.repeat(n)),
    )
    const path = op.url.includes('/x')
      ? segment.map((s) => op.url.replace(/\/x(?=\/|$)/g, `/${s || 'y'}`))
      : fc.constant(op.url)
    await fc.assert(
      fc.asyncProperty(path, fc.oneof(shaped, raw), async (url, qs) => {
        const res = await t.app.inject({ method: 'GET', url: `${url}?${qs}`, headers: { 'x-api-key': t.keys.full } })
        tally.answered(op.family, 'GET query', res.statusCode)
        assertSafe(res, `GET ${url}?${qs}`)
      }),
      { seed: SEED, numRuns: op.query.length > 0 || op.url.includes('/x') ? 120 : 10 },
    )
  }
})

test('the server still answers after all of that', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/health' })
  assert.equal(res.statusCode, 200)
})
