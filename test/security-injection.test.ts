// SQL injection attempts (docs/security.md) in every string field of every POST body, every GET query parameter and
// every path parameter, on SQLite and (with TEST_DATABASE_URL) PostgreSQL: never a 5xx, the KB unchanged afterwards
// (row counts of every table, the components table still there), and LIKE wildcards in searches taken literally.
// Routes and fields come from the route table and the served OpenAPI document, so later routes are covered too.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import type { Storage } from '../src/storage/database.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { backends } from './helpers/backends.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'
import {
  assertSafe,
  example,
  type Operation,
  operations,
  stringPaths,
  Tally,
  valueAt,
  withAt,
} from './helpers/security.ts'

/** Classic payloads: quote breaking, stacked queries, UNION, comments, encodings, NUL, unicode quotes, FTS syntax. */
const PAYLOADS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '" OR 1=1 --',
  "admin'--",
  "'; DROP TABLE components; --",
  "'); DROP TABLE components; --",
  '1; DELETE FROM components',
  "' UNION SELECT name, sql, 1, 1, 1, 1 FROM sqlite_master --",
  "') UNION SELECT table_name, 1 FROM information_schema.tables --",
  "' AND 1=CAST((SELECT version()) AS int) --",
  "'; SELECT pg_sleep(5); --",
  "1' AND randomblob(1000000000) --",
  '$$; DROP TABLE components; $$',
  '%27',
  '%27%20OR%201%3D1--',
  '\\',
  "\\'",
  "''",
  '"',
  '`',
  '/*',
  '*/',
  '-- ',
  'a\u0000b',
  "\u0000' OR 1=1 --",
  '@1.0.0\u0000',
  '@1.0.0%00',
  '?q=%00#%00',
  '\u2019 OR \u20181\u2019=\u20191',
  '\uff07 OR \uff071\uff07=\uff071',
  '\u02bc OR 1=1',
  '%',
  '_',
  '%%',
  '%_%',
  '[a-z]%',
  '*',
  'fx*',
  'fx OR lib',
  'NEAR(fx lib)',
  'name:fx',
  '" OR "" = "',
]

const counts = new Map<string, number>()
for (const backend of backends()) {
  describe(`SQL injection on ${backend.name}`, () => {
    let t: TestApp
    let storage: Storage
    let cleanup: () => Promise<void>
    let ops: Operation[]
    const tally = new Tally()
    before(async () => {
      const opened = await backend.open()
      ;({ storage, cleanup } = opened)
      t = await makeTestApp({
        storage,
        env: { RATE_LIMIT_PER_MINUTE: '10000000', RATE_LIMIT_PER_MINUTE_PER_IP: '10000000' },
      })
      await loadFixtureKb(storage)
      // echo routes are one handler mounted per area: the first stands for all
      const all = await operations(t.app)
      ops = all.filter((o) => !o.url.endsWith('/echo') || o === all.find((x) => x.url.endsWith('/echo')))
    })
    after(async () => {
      tally.print(`SQL injection on ${backend.name}`)
      counts.set(backend.name, tally.total())
      await t.close()
      await cleanup()
    })

    async function send(op: Operation, kind: string, url: string, payload?: unknown) {
      const res = await t.app.inject({
        method: op.method as 'GET' | 'POST',
        url,
        headers: { 'x-api-key': t.keys.full },
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      tally.answered(op.family, kind, res.statusCode)
      assertSafe(res, `${op.method} ${url} ${payload === undefined ? '' : JSON.stringify(payload).slice(0, 200)}`)
    }

    /** Each payload alone and after a useful value (a purl that exists, a search term that matches). */
    const variants = (useful: string) => PAYLOADS.flatMap((p) => (useful ? [p, useful + p] : [p]))

    test('payloads in every string field, query parameter and path parameter: no 5xx, the KB unchanged', async () => {
      const before = await rowCounts(storage)
      assert.ok((before.get('components') ?? 0) > 0, 'the fixture KB is loaded')
      for (const op of ops) {
        if (op.method === 'POST') {
          const base = example(op.body ?? {})
          for (const path of stringPaths(base))
            for (const v of variants(String(valueAt(base, path))))
              await send(op, 'POST field', op.url, withAt(base, path, v))
        }
        if (op.method === 'GET') {
          const required = op.query.filter((q) => q.required)
          for (const q of op.query) {
            const others = required
              .filter((r) => r.name !== q.name)
              .map((r) => `${r.name}=${enc(String(example(r.schema, r.name)))}`)
            for (const v of variants(String(example(q.schema, q.name))))
              await send(op, 'GET parameter', `${op.url}?${[...others, `${q.name}=${enc(v)}`].join('&')}`)
          }
          const segments = op.url
            .split('/')
            .map((s, i) => (s === 'x' ? i : -1))
            .filter((i) => i >= 0)
          for (const i of segments)
            for (const v of PAYLOADS) {
              const parts = op.url.split('/')
              parts[i] = enc(v)
              await send(op, 'GET path', parts.join('/'))
            }
        }
      }
      assert.deepEqual(await rowCounts(storage), before, 'every table has the rows it had')
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from components`.execute(storage.db)
      assert.equal(Number(rows[0]?.n), before.get('components'), 'the components table is still there')
    })

    test('LIKE wildcards and FTS syntax in searches are literal: they do not match everything', async () => {
      const hits = async (qs: string) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/v2/components/search?${qs}`,
          headers: { 'x-api-key': t.keys.full },
        })
        tally.answered('/v2/components', 'GET wildcard', res.statusCode)
        assertSafe(res, qs)
        return (res.json().components ?? []) as { name: string }[]
      }
      assert.ok((await hits('search=fx')).length >= 3, 'a plain term matches (the zero counts below mean something)')
      assert.ok((await hits('search=fx-')).length >= 3)
      assert.ok((await hits('vendor=fx')).length >= 1)
      for (const term of [
        '%',
        '_',
        '%%',
        '__',
        '%_%',
        '___',
        'fx%',
        'fx_',
        'f%x',
        '%lib',
        '*',
        'fx*',
        'fx OR lib',
        '"',
        "'",
      ]) {
        for (const param of ['search', 'component', 'vendor']) {
          const found = await hits(`${param}=${enc(term)}`)
          assert.deepEqual(found, [], `${param}=${term} matched ${found.map((h) => h.name).join(', ')}`)
        }
      }
    })
  })
}

test('injection counts', () =>
  console.log('SQL injection requests per backend', JSON.stringify(Object.fromEntries(counts))))

const enc = encodeURIComponent

/** Row counts of every table of the KB (PostgreSQL: of the test's own schema). */
async function rowCounts(storage: Storage): Promise<Map<string, number>> {
  const tables =
    storage.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(storage.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(storage.db)
  const out = new Map<string, number>()
  for (const { name } of tables.rows.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(storage.db)
    out.set(name, Number(rows[0]?.n))
  }
  return out
}
