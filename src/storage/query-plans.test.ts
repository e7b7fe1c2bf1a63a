// Query plans: the component search and the catalog's lookups read `components` and `versions` through their indexes,
// never by scanning a whole table. The real queries (recorded as the searcher and the reader send them) run under
// EXPLAIN QUERY PLAN on SQLite and EXPLAIN on PostgreSQL (when TEST_DATABASE_URL is set) over a made-up KB (FIXTURE)
// of tens of thousands of components with three versions each: big enough that PostgreSQL's planner, after ANALYZE,
// prefers an index wherever one serves. SQLite's planner (compintel never runs ANALYZE) is checked both as shipped
// and after ANALYZE, whose statistics can make it prefer a scan.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  sql,
} from 'kysely'
import { backends } from '../../test/helpers/backends.ts'
import { spellings } from '../domain/components/search.ts'
import type { SearchQuery } from '../domain/components/types.ts'
import { versionSortKey } from '../domain/kb/sort-key.ts'
import { SqlCatalogReader } from './catalog-reader.ts'
import { SqlComponentSearcher } from './component-searcher.ts'
import type { Storage } from './database.ts'
import { SqlLicenseReader } from './license-reader.ts'
import { migrate } from './migrate.ts'

const AS_OF = '2026-01-02T03:04:05.000Z'
const SYLLABLES = ['ba', 'co', 'de', 'fi', 'go', 'hu', 'ja', 'ke', 'li', 'mo', 'nu', 'pa', 'ro', 'su', 'ta', 'vi']

/** Made-up names (FIXTURE): plain npm, scoped npm and GitHub, plus the few the queries below look for. */
function identity(i: number): { type: string; namespace: string; name: string } {
  const s = (n: number) => SYLLABLES[n % SYLLABLES.length] as string
  const name = `${s(i)}${s(i >> 4)}-${s(i >> 8)}${s(i * 7)}-${i}`
  if (i % 9 === 0) return { type: 'github', namespace: `${s(i >> 2)}${s(i >> 6)}`, name }
  if (i % 4 === 0) return { type: 'npm', namespace: `@${s(i >> 3)}${s(i >> 5)}`, name }
  return { type: 'npm', namespace: '', name }
}
const NAMED = [
  { type: 'npm', namespace: '', name: 'lodash' },
  { type: 'npm', namespace: '@scope', name: 'lodash' },
  { type: 'npm', namespace: '', name: 'lodash.merge' },
  { type: 'npm', namespace: '@babel', name: 'core' },
  { type: 'github', namespace: 'scanoss', name: 'scanner.c' },
]

/**
 * Components in the test KB. PostgreSQL's planner is cost-based: below some tens of thousands of rows a sequential
 * scan of `components` is cheaper than a trigram bitmap scan, so it needs the larger KB (at 20,000 it scans).
 */
const COMPONENTS = { sqlite: 20_000, postgres: 50_000 }

async function loadBigKb(storage: Storage): Promise<void> {
  const db = storage.db
  const n = COMPONENTS[storage.dialect]
  const ids = [...NAMED, ...Array.from({ length: n - NAMED.length }, (_, i) => identity(i + 1))]
  const rows = ids.map(({ type, namespace, name }, i) => {
    const purlName = namespace ? `${namespace}/${name}` : name
    return {
      purl: `pkg:${type}/${purlName.replace(/^@/, '%40')}`,
      purl_type: type,
      namespace,
      name,
      purl_name: purlName,
      project_url: '',
      latest_version: '2.0.0',
      status: 'active',
      popularity: i % 50,
      facts_hash: 'fixture',
      first_indexed_at: AS_OF,
      last_indexed_at: AS_OF,
      source: 'fixture',
      as_of: AS_OF,
    }
  })
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('components')
      .values(rows.slice(i, i + 1000))
      .execute()
  for (const [version, date] of [
    ['1.0.0', '2020-01-01'],
    ['1.1.0', '2021-01-01'],
    ['2.0.0', '2022-01-01'],
  ] as const) {
    await db
      .insertInto('versions')
      .columns(['component_id', 'version', 'sort_key', 'released_at', 'facts_hash', 'indexed_at', 'source', 'as_of'])
      .expression(
        db
          .selectFrom('components')
          .select((eb) => [
            'id',
            eb.val(version).as('version'),
            eb.val(versionSortKey(version)).as('sort_key'),
            eb.val(date).as('released_at'),
            eb.val('fixture').as('facts_hash'),
            eb.val(AS_OF).as('indexed_at'),
            eb.val('fixture').as('source'),
            eb.val(AS_OF).as('as_of'),
          ]),
      )
      .execute()
  }
  // one component with as many versions as the busiest real packages, so a lookup that walks a component's versions
  // instead of probing one costs the planner something (and the test catches it)
  const lodash = await db
    .selectFrom('components')
    .select('id')
    .where('purl_name', '=', 'lodash')
    .executeTakeFirstOrThrow()
  const many = Array.from({ length: MANY_VERSIONS }, (_, i) => `0.0.${i}`).map((version) => ({
    component_id: lodash.id,
    version,
    sort_key: versionSortKey(version),
    is_prerelease: 0,
    status: 'active',
    released_at: '2019-01-01',
    facts_hash: 'fixture',
    indexed_at: AS_OF,
    source: 'fixture',
    as_of: AS_OF,
  }))
  for (let i = 0; i < many.length; i += 500)
    await db
      .insertInto('versions')
      .values(many.slice(i, i + 500))
      .execute()
  // a declared license fact for every version, as a KB of analyzed packages holds
  await sql`insert into version_licenses (version_id, kind, license_id, path, is_spdx, source, as_of)
    select id, 'declared', 'MIT', '', 1, 'fixture', ${AS_OF} from versions`.execute(db)
}

const MANY_VERSIONS = 2000

/** Records every query sent through the Kysely instance it is plugged into, compiled as it was sent. */
class Recorder implements KyselyPlugin {
  readonly queries: CompiledQuery[] = []
  constructor(private readonly storage: Storage) {}
  transformQuery(args: PluginTransformQueryArgs) {
    this.queries.push(this.storage.db.getExecutor().compileQuery(args.node, args.queryId))
    return args.node
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result
  }
}

/** The tables a scan of which would read the whole KB, and the aliases the queries give them. */
const TABLES = new Set(['components', 'versions', 'version_licenses', 'c', 'v', 'l'])

/** The plan's steps that read a whole KB table (empty when every read is an index probe). */
async function fullScans(storage: Storage, q: CompiledQuery): Promise<{ scans: string[]; plan: string }> {
  if (storage.dialect === 'sqlite') {
    const { rows } = await storage.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
    )
    const lines = rows.map((r) => r.detail)
    // `SCAN t` (with or without `USING [COVERING] INDEX`) walks all of t; `SEARCH t USING …` probes an index
    const scans = lines.filter((l) => {
      const m = /^SCAN (\S+)/.exec(l)
      return m !== null && TABLES.has(m[1] as string)
    })
    return { scans, plan: lines.join('\n') }
  }
  const { rows } = await storage.db.executeQuery<{ 'QUERY PLAN': { Plan: PgPlan }[] }>(
    CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]),
  )
  const root = rows[0]?.['QUERY PLAN'][0]?.Plan as PgPlan
  const scans: string[] = []
  const lines: string[] = []
  const walk = (n: PgPlan, depth: number) => {
    const on = n['Relation Name'] ? ` on ${n['Relation Name']}` : ''
    const via = n['Index Name'] ? ` using ${n['Index Name']}` : ''
    const cond = n['Index Cond'] ?? n['Recheck Cond'] ?? ''
    lines.push(`${'  '.repeat(depth)}${n['Node Type']}${on}${via} ${cond}`)
    const table = n['Relation Name']
    // a sequential scan reads the table; an index scan without a condition reads all of the index
    if (table && TABLES.has(table) && (n['Node Type'] === 'Seq Scan' || (/Index/.test(n['Node Type']) && !cond)))
      scans.push(lines.at(-1) as string)
    for (const child of n.Plans ?? []) walk(child, depth + 1)
  }
  walk(root, 0)
  return { scans, plan: lines.join('\n') }
}

interface PgPlan {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  'Index Cond'?: string
  'Recheck Cond'?: string
  Plans?: PgPlan[]
}

/** Every search shape (exact, bare name, prefix, substring, short term, vendor, vendor + term, type filter, no hit,
 * several words), with selective terms and with terms that match over a thousand components (`ba`, `fi-`), and the
 * hits each finds. */
const SEARCHES: [SearchQuery, number][] = [
  [{ term: 'lodash', limit: 50, offset: 0 }, 3],
  [{ term: 'core', limit: 50, offset: 0 }, 1],
  [{ term: 'lodash.', limit: 50, offset: 0 }, 1],
  [{ term: 'odash', limit: 50, offset: 0 }, 3],
  [{ term: 'lo', limit: 50, offset: 0 }, 3],
  [{ term: 'bafi-', limit: 50, offset: 0 }, 50],
  [{ term: 'ba', limit: 50, offset: 0 }, 50],
  [{ term: 'fi-', limit: 50, offset: 0 }, 50],
  [{ vendor: 'babel', limit: 50, offset: 0 }, 1],
  [{ vendor: 'ba', limit: 50, offset: 0 }, 50],
  [{ vendor: '@babel', term: 'core', limit: 50, offset: 0 }, 1],
  [{ term: 'lodash', type: 'npm', limit: 5, offset: 1 }, 2],
  [{ term: 'scanner', vendor: 'scanoss', type: 'github', limit: 5, offset: 0 }, 1],
  [{ term: 'zzzz-no-such-name', limit: 50, offset: 0 }, 0],
  // several words: every spelling is its own index branches (domain/components/search.ts spellings)
  [{ term: 'lodash merge', spellings: spellings('lodash merge'), limit: 50, offset: 0 }, 1],
]

for (const backend of backends()) {
  for (const analyzed of backend.name === 'sqlite' ? [false, true] : [true]) {
    describe(`query plans on ${backend.name}${analyzed ? ' after ANALYZE' : ''}`, () => {
      let storage: Storage
      let cleanup: () => Promise<void>
      let recorder: Recorder
      let recorded: Storage
      before(async () => {
        const opened = await backend.open()
        storage = opened.storage
        cleanup = opened.cleanup
        await migrate(storage)
        await loadBigKb(storage)
        if (analyzed) await sql`analyze`.execute(storage.db)
        recorder = new Recorder(storage)
        recorded = { ...storage, db: storage.db.withPlugin(recorder), read: storage.read.withPlugin(recorder) }
      })
      after(() => cleanup())

      /** Runs `fn` through the recording storage and asserts that no query it sent scans a whole KB table. */
      async function assertIndexed<T>(what: string, fn: (s: Storage) => Promise<T>): Promise<T> {
        recorder.queries.length = 0
        const result = await fn(recorded)
        assert.ok(recorder.queries.length > 0, `${what}: no query recorded`)
        for (const q of recorder.queries) {
          const { scans, plan } = await fullScans(storage, q)
          assert.deepEqual(scans, [], `${what} scans a whole table:\n${q.sql}\n--\n${plan}`)
        }
        return result
      }

      test('component search: every shape of query is answered from indexes', async () => {
        for (const [q, hits] of SEARCHES) {
          const found = await assertIndexed(JSON.stringify(q), (s) => new SqlComponentSearcher(s).search(q))
          assert.equal(found.length, hits, `${JSON.stringify(q)}: hits`)
        }
      })

      test('catalog: the exact-version lookup and the all-versions read are answered from indexes', async () => {
        const exact = await assertIndexed('exact', (s) =>
          new SqlCatalogReader(s).exact([
            { type: 'npm', purlName: 'lodash', version: '1.1.0' },
            { type: 'npm', purlName: '@babel/core', version: 'v2.0.0' },
            { type: 'github', purlName: 'scanoss/scanner.c', version: '9.9.9' },
            { type: 'npm', purlName: 'no-such-package', version: '1.0.0' },
          ]),
        )
        // each version is probed by (component_id, version), not found by walking the component's versions (which
        // PostgreSQL did for `version in (j->>2, j->>3)`: a 1,000-purl batch read 800,000 version rows)
        const plans = await Promise.all(recorder.queries.map(async (q) => (await fullScans(storage, q)).plan))
        const probe = backend.name === 'sqlite' ? /SEARCH v USING .*version=\?/ : /on versions .*AND \(version = /
        assert.ok(
          plans.some((p) => probe.test(p)),
          `the versions probe uses the version:\n${plans.join('\n--\n')}`,
        )
        assert.deepEqual(
          [...exact.values()].map((c) => [c.purlName, c.versions.map((v) => v.version)]),
          [
            ['lodash', ['1.1.0']],
            ['@babel/core', ['2.0.0']],
            ['scanoss/scanner.c', []],
          ],
        )
        const all = await assertIndexed('components', (s) =>
          new SqlCatalogReader(s).components([
            { type: 'npm', purlName: 'lodash' },
            { type: 'github', purlName: 'scanoss/scanner.c' },
          ]),
        )
        assert.deepEqual(
          [...all.values()].map((c) => c.versions.length).sort((a, b) => a - b),
          [3, 3 + MANY_VERSIONS],
        )
      })

      test("licenses: the versions with license facts of a batch's components are read from indexes", async () => {
        const ids = await storage.db
          .selectFrom('components')
          .select('id')
          .where('purl_name', 'in', ['lodash', 'scanoss/scanner.c'])
          .execute()
        const found = await assertIndexed('licensedVersions', (s) =>
          new SqlLicenseReader(s).licensedVersions(ids.map((r) => r.id)),
        )
        assert.deepEqual(
          [...found.values()].map((v) => v.length).sort((a, b) => a - b),
          [3, 3 + MANY_VERSIONS],
        )
      })
    })
  }
}
