// `compintel update`'s registry metadata refresh against the fixture registry: known packages re-read, never checked
// first, then longest unchecked (bounded by UPDATE_MAX_PACKAGES); a version unpublished since is marked removed;
// the second read of an unchanged packument is a conditional request answered 304 through npm's cache. And the
// `compintel status` / `compintel update` commands on a SQLite KB; and the schedule that runs it by itself.
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { parseConfig } from '../src/config/config.ts'
import { DEFAULT_ANALYZERS } from '../src/ingest/analyzers/index.ts'
import { RegistryClient } from '../src/sources/npm/registry-client.ts'
import { runIngest } from '../src/sources/npm/run-ingest.ts'
import { openStorage, type Storage } from '../src/storage/database.ts'
import { SqlFeedStore } from '../src/storage/feed-store.ts'
import { SqlKbWriter } from '../src/storage/kb-writer.ts'
import { migrate } from '../src/storage/migrate.ts'
import { packagesToCheck } from '../src/storage/registry-checks.ts'
import { runUpdate } from '../src/update/run-update.ts'
import { startUpdateSchedule } from '../src/update/schedule.ts'
import { type FixtureRegistry, startFixtureRegistry } from './helpers/fixture-registry.ts'
import { cliEnv, spawnCli } from './helpers/processes.ts'

let reg: FixtureRegistry
let storage: Storage
let dir: string
const cache = () => mkdtempSync(path.join(tmpdir(), 'ci-upm-'))
const log = { info: () => {}, warn: () => {} }

before(async () => {
  reg = await startFixtureRegistry()
  dir = mkdtempSync(path.join(tmpdir(), 'ci-upm-kb-'))
  storage = openStorage({ kind: 'sqlite', path: path.join(dir, 'kb.sqlite') })
  await migrate(storage)
  const names = ['fixture-alpha', 'fixture-beta', '@fixture/scoped']
  const registry = new RegistryClient({ registry: reg.url, cache: cache() })
  await runIngest(names, registry, new SqlKbWriter(storage), {
    versions: 'all',
    analyze: 'none',
    analyzers: DEFAULT_ANALYZERS,
    dryRun: false,
    now: () => new Date().toISOString(),
    concurrency: 2,
  })
})
after(async () => {
  await storage?.close()
  await reg?.close()
})

const growth = (max: number) => ({ ...parseConfig({ UPDATE_MAX_PACKAGES: String(max) }).growth })

test('metadata: unchecked first, bounded; an unpublished version is marked; unchanged packuments cost a 304', async () => {
  const npmCache = cache()
  const registry = { registry: reg.url, cache: npmCache }
  reg.unpublish('fixture-alpha', '1.0.0')
  const first = await runUpdate({ storage, registry, growth: growth(2), log }, { metadata: true, feeds: false })
  assert.equal(first.metadata.checked, 2)
  const [next] = await packagesToCheck(storage.db, 'npm', 5)
  const secondRun = await runUpdate({ storage, registry, growth: growth(1), log }, { metadata: true, feeds: false })
  assert.equal(secondRun.metadata.checked, 1, 'the one never checked comes next')
  assert.ok(next, 'a package was left unchecked by the first run')
  const removed = await storage.db
    .selectFrom('versions as v')
    .innerJoin('components as c', 'c.id', 'v.component_id')
    .select(['v.version', 'v.status'])
    .where('c.purl', '=', 'pkg:npm/fixture-alpha')
    .where('v.version', '=', '1.0.0')
    .executeTakeFirstOrThrow()
  assert.equal(removed.status, 'removed')
  // all three checked now: the longest unchecked come again, revalidated with their ETag
  const before = reg.notModified.length
  const third = await runUpdate({ storage, registry, growth: growth(3), log }, { metadata: true, feeds: false })
  assert.equal(third.metadata.checked, 3)
  assert.equal(third.metadata.changed, 0)
  assert.ok(reg.notModified.length - before >= 3, `conditional requests answered 304: ${reg.notModified}`)
  const row = await new SqlFeedStore(storage.db).get('npm-registry')
  assert.ok(row?.checked_at && row.last_error === null)
})

test('a refresh with no registry configured (Cargo, Go, Maven) is skipped and reported as not configured, never recorded', async () => {
  const registry = { registry: reg.url, cache: cache() }
  const saved = { home: process.env.CARGO_HOME, url: process.env.CARGO_INDEX_URL, goenv: process.env.GOENV }
  const goproxy = process.env.GOPROXY
  // Cargo's and the go command's configuration of this machine are not read: an empty CARGO_HOME, GOENV=off
  process.env.CARGO_HOME = mkdtempSync(path.join(tmpdir(), 'ci-upm-cargo-'))
  delete process.env.CARGO_INDEX_URL
  process.env.GOENV = 'off'
  delete process.env.GOPROXY
  try {
    const without = await runUpdate({ storage, registry, growth: growth(1), log }, { metadata: true, feeds: false })
    assert.deepEqual(without.notConfigured, ['cargo', 'golang', 'maven'])
    assert.equal(await new SqlFeedStore(storage.db).get('cargo-registry'), undefined, 'no check recorded')
    // PyPI falls back to Debian's packages: always configured
    const urls = {
      CARGO_INDEX_URL: 'http://127.0.0.1:9/index/',
      GOLANG_PROXY_URL: 'http://127.0.0.1:9/proxy',
      MAVEN_REPOSITORY_URL: 'http://127.0.0.1:9/maven2/',
    }
    const g = { ...growth(1), ...parseConfig(urls).growth }
    const configured = await runUpdate({ storage, registry, growth: g, log }, { metadata: true, feeds: false })
    assert.deepEqual(configured.notConfigured, [])
  } finally {
    if (saved.home === undefined) delete process.env.CARGO_HOME
    else process.env.CARGO_HOME = saved.home
    if (saved.url !== undefined) process.env.CARGO_INDEX_URL = saved.url
    if (saved.goenv === undefined) delete process.env.GOENV
    else process.env.GOENV = saved.goenv
    if (goproxy !== undefined) process.env.GOPROXY = goproxy
  }
})

test('compintel status and compintel update on a SQLite KB', async () => {
  const env = cliEnv(`sqlite:${path.join(dir, 'kb.sqlite')}`, reg.url, {
    FEED_OSV_URLS: 'none',
    FEED_EPSS_URL: 'none',
    FEED_KEV_URL: 'none',
    UPDATE_MAX_PACKAGES: '1',
    CARGO_HOME: mkdtempSync(path.join(tmpdir(), 'ci-upm-cargo-')),
    CARGO_INDEX_URL: '',
  })
  const up = spawnCli(['update'], env)
  assert.equal(await up.exited, 0, up.output())
  assert.match(up.output(), /registry metadata: 1 package\(s\) checked, 0 changed, 0 not found, 0 failed/)
  assert.match(up.output(), /registry metadata of cargo: not configured/)
  const st = spawnCli(['status'], env)
  assert.equal(await st.exited, 0, st.output())
  assert.match(st.output(), /queue: 0 pending/)
  assert.match(st.output(), /on-demand: 0 pending, 0 in flight, 0 done, 0 failed/)
  assert.match(st.output(), /npm-registry: last checked 20\d\d-/)
  const bad = spawnCli(['update', '--metadata-only', '--feeds-only'], env)
  assert.equal(await bad.exited, 1)
  assert.match(bad.output(), /exclude each other/)
})

test('the schedule runs a due update by itself, once per interval', async () => {
  const schedStorage = openStorage({ kind: 'sqlite', path: ':memory:' })
  await migrate(schedStorage)
  const g = parseConfig({
    UPDATE_INTERVAL: '1s',
    FEED_OSV_URLS: 'none',
    FEED_EPSS_URL: 'none',
    FEED_KEV_URL: 'none',
  }).growth
  const registry = { registry: reg.url, cache: cache() }
  const schedule = startUpdateSchedule(schedStorage, g, registry, log)
  try {
    assert.ok(schedule, 'UPDATE_INTERVAL set: a schedule')
    for (let i = 0; i < 100 && schedule.counts.runs === 0; i++) await new Promise((r) => setTimeout(r, 50))
    assert.equal(schedule.counts.runs, 1, 'the first look starts the clock; the next, an interval later, runs')
    const row = await new SqlFeedStore(schedStorage.db).get('update')
    assert.ok(row?.checked_at)
  } finally {
    await schedule?.stop()
    await schedStorage.close()
  }
  assert.equal(startUpdateSchedule(storage, parseConfig({ UPDATE_INTERVAL: 'off' }).growth, registry, log), undefined)
})
