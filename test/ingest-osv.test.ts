// `compintel ingest osv`: the fixture read as NDJSON, gzipped NDJSON, a directory of *.json and a zip gives the
// same rows; every kept field is stored; a re-import writes nothing; a changed record replaces its packages, an
// older one is not written; withdrawn records are kept; each load is recorded in data_sources. On both backends.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { SILENT } from '../src/ingest/data-report.ts'
import { ingestOsv } from '../src/sources/osv/ingest-osv.ts'
import { sourceStem } from '../src/sources/osv/read-osv.ts'
import { SqlAdvisoryReader } from '../src/storage/advisory-reader.ts'
import { SqlAdvisoryWriter } from '../src/storage/advisory-writer.ts'
import type { Storage } from '../src/storage/database.ts'
import { migrate } from '../src/storage/migrate.ts'
import { backends, sqliteBackend } from './helpers/backends.ts'
import { writeZip } from './helpers/zip.ts'

const FIXTURE = fileURLToPath(new URL('./fixtures/osv/fixture.osv.ndjson', import.meta.url))
const LINES = readFileSync(FIXTURE, 'utf8').split('\n').filter(Boolean)
const opts = (source?: string) => ({ source, now: () => '2026-11-22T00:00:00.000Z', sink: SILENT, batchSize: 3 })

/** The fixture's lines as the files of a directory tree or zip: `<ecosystem>/<id>.json`, the last two as an array. */
function files(): { name: string; data: string }[] {
  const parsed = LINES.map((l) => {
    try {
      return JSON.parse(l) as { id?: string; affected?: { package: { ecosystem: string } }[] }
    } catch {
      return undefined
    }
  })
  const out = LINES.slice(0, -2).map((line, i) => {
    const r = parsed[i]
    const name = !r
      ? 'broken.json'
      : r.id
        ? `${r.affected?.[0]?.package.ecosystem ?? 'none'}/${r.id}.json`
        : 'noid.json'
    return { name: name.replace(':', '-'), data: line }
  })
  out.push({ name: 'npm/last-two.json', data: `[${LINES.slice(-2).join(',')}]` })
  return out
}

function forms(): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-osv-'))
  const gz = path.join(dir, 'fixture.osv.ndjson.gz')
  writeFileSync(gz, gzipSync(readFileSync(FIXTURE)))
  const tree = path.join(dir, 'tree')
  for (const f of files()) {
    mkdirSync(path.dirname(path.join(tree, f.name)), { recursive: true })
    writeFileSync(path.join(tree, f.name), f.data)
  }
  writeFileSync(path.join(tree, 'notes.txt'), 'not a record')
  const zip = path.join(dir, 'npm', 'all.zip')
  mkdirSync(path.dirname(zip))
  writeZip(zip, [{ name: 'osv/' }, ...files().map((f) => ({ ...f, name: `osv/${f.name}` })), { name: 'README.txt' }])
  return { ndjson: FIXTURE, 'ndjson.gz': gz, directory: tree, zip }
}

async function dump(storage: Storage): Promise<unknown> {
  const advisories = await storage.db.selectFrom('advisories').selectAll().orderBy('id').execute()
  const packages = await storage.db
    .selectFrom('advisory_packages')
    .selectAll()
    .orderBy('advisory_id')
    .orderBy('purl_type')
    .orderBy('purl_name')
    .execute()
  return { advisories, packages }
}

test('NDJSON, gzipped NDJSON, a directory of JSON files and a zip load the same rows', async () => {
  const dumps: Record<string, unknown> = {}
  for (const [form, input] of Object.entries(forms())) {
    const { storage, cleanup } = await sqliteBackend.open()
    try {
      await migrate(storage)
      const r = await ingestOsv([input], new SqlAdvisoryWriter(storage), opts('osv:fixture'))
      assert.equal(r.written, 5, form)
      assert.deepEqual(
        Object.fromEntries(Object.entries(r.skipped).map(([k, v]) => [k, v.count])),
        { unreadable: 1, 'not an OSV record': 1, 'no package in an ecosystem compintel maps': 1 },
        form,
      )
      dumps[form] = await dump(storage)
    } finally {
      await cleanup()
    }
  }
  for (const form of ['ndjson.gz', 'directory', 'zip']) assert.deepEqual(dumps[form], dumps.ndjson, form)
})

test('source names: the file stem; all.zip takes its folder name', () => {
  assert.equal(sourceStem('/x/nodejs-security-wg.osv.ndjson.gz'), 'nodejs-security-wg')
  assert.equal(sourceStem('/x/npm/all.zip'), 'npm')
  assert.equal(sourceStem('/x/PyPI/'), 'PyPI')
  assert.equal(sourceStem('records.jsonl'), 'records')
})

for (const backend of backends()) {
  test(`${backend.name}: every kept field is stored, a re-import writes nothing, changes replace, older records do not`, async () => {
    const { storage, cleanup } = await backend.open()
    try {
      await migrate(storage)
      const writer = new SqlAdvisoryWriter(storage)
      const first = await ingestOsv([FIXTURE], writer, opts())
      assert.deepEqual([first.read, first.written, first.unchanged], [8, 5, 0])
      const a = await storage.db
        .selectFrom('advisories')
        .selectAll()
        .where('id', '=', 'x_FXO-1')
        .executeTakeFirstOrThrow()
      assert.equal(a.source, 'osv:fixture')
      assert.equal(a.as_of, '2026-11-22T00:00:00.000Z')
      assert.deepEqual(JSON.parse(a.aliases), ['CVE-2099-1001', 'GHSA-fxoo-fxoo-0001'])
      assert.equal(a.database_severity, 'HIGH')
      assert.deepEqual(JSON.parse(a.cwe_ids), ['CWE-79'])
      assert.equal(JSON.parse(a.severity)[0].type, 'CVSS_V3')
      assert.deepEqual(JSON.parse(a.refs), [
        { type: 'ADVISORY', url: 'https://example.invalid/advisories/fxo-1' },
        { type: 'WEB', url: 'https://example.invalid/no-type' },
      ])
      assert.deepEqual([a.published, a.modified, a.withdrawn], ['2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z', null])
      const pkgs = await storage.db.selectFrom('advisory_packages').selectAll().orderBy('advisory_id').execute()
      const py = pkgs.find((p) => p.advisory_id === 'x_FXO-2')
      assert.deepEqual([py?.purl_type, py?.purl_name, py?.ecosystem], ['pypi', 'fxo-py', 'PyPI'])
      assert.deepEqual(
        JSON.parse(py?.ranges ?? '[]').map((r: { type: string }) => r.type),
        ['ECOSYSTEM', 'GIT'],
      )
      assert.deepEqual(JSON.parse(pkgs.find((p) => p.advisory_id === 'x_FXO-1')?.versions ?? ''), ['0.9.0', '1.0.0'])
      assert.deepEqual(
        pkgs
          .filter((p) => p.advisory_id === 'x_FXO-6')
          .map((p) => `${p.purl_type}/${p.purl_name}`)
          .sort(),
        ['cargo/fxo-crate', 'golang/example.invalid/fxo/mod'],
        'an affected entry listed twice is stored once',
      )
      assert.equal(pkgs.find((p) => p.advisory_id === 'MAL-2099-1')?.purl_name, '@fxo/evil')
      // Withdrawn records stay in the table; answers leave them out.
      const withdrawn = await storage.db
        .selectFrom('advisories')
        .select('withdrawn')
        .where('id', '=', 'x_FXO-3')
        .execute()
      assert.equal(withdrawn[0]?.withdrawn, '2024-03-01T00:00:00Z')
      const reader = new SqlAdvisoryReader(storage)
      const found = await reader.forPackages([
        { type: 'npm', purlName: 'fxo-old' },
        { type: 'npm', purlName: 'fxo-lib' },
      ])
      assert.deepEqual([...found.keys()], ['npm\u0000fxo-lib'])
      const source = await storage.db.selectFrom('data_sources').selectAll().execute()
      assert.deepEqual(source, [
        {
          name: 'osv:fixture',
          kind: 'advisories',
          source_date: '2024-05-01T00:00:00.123456Z',
          imported_at: '2026-11-22T00:00:00.000Z',
          records: 5,
        },
      ])

      const again = await ingestOsv([FIXTURE], writer, { ...opts(), now: () => '2026-12-01T00:00:00.000Z' })
      assert.deepEqual([again.written, again.unchanged], [0, 5])
      const same = await storage.db.selectFrom('advisories').select('as_of').where('id', '=', 'x_FXO-1').execute()
      assert.equal(same[0]?.as_of, '2026-11-22T00:00:00.000Z', 'an unchanged record is not rewritten')

      const dir = mkdtempSync(path.join(tmpdir(), 'compintel-osv-'))
      const changed = path.join(dir, 'fixture.osv.ndjson')
      const record = JSON.parse(LINES[0] as string)
      record.modified = '2024-06-01T00:00:00Z'
      record.affected[0].ranges[0].events[1].fixed = '1.3.0'
      record.affected.push({ package: { ecosystem: 'npm', name: 'fxo-lib-extra' }, versions: ['1.0.0'] })
      const older = { ...JSON.parse(LINES[1] as string), modified: '2023-01-01T00:00:00Z', summary: 'stale' }
      writeFileSync(changed, `${JSON.stringify(record)}\n${JSON.stringify(older)}\n`)
      const third = await ingestOsv([changed], writer, { ...opts(), now: () => '2026-12-02T00:00:00.000Z' })
      assert.deepEqual([third.written, third.unchanged], [1, 0])
      assert.deepEqual(third.skipped['older than the record already stored']?.examples, ['x_FXO-2'])
      const after = await storage.db
        .selectFrom('advisory_packages')
        .select(['purl_name', 'ranges'])
        .where('advisory_id', '=', 'x_FXO-1')
        .orderBy('purl_name')
        .execute()
      assert.deepEqual(
        after.map((p) => p.purl_name),
        ['fxo-lib', 'fxo-lib-extra'],
      )
      assert.match(after[0]?.ranges ?? '', /"fixed":"1\.3\.0"/)
      const x2 = await storage.db.selectFrom('advisories').select('summary').where('id', '=', 'x_FXO-2').execute()
      assert.equal(x2[0]?.summary, 'Path traversal in Fxo_Py')
    } finally {
      await cleanup()
    }
  })
}

test('compintel ingest osv prints a summary', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-cli-'))
  const env = { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'kb.sqlite')}`, LOG_LEVEL: 'silent' }
  const bin = fileURLToPath(new URL('../bin/compintel.js', import.meta.url))
  const args = [bin, 'ingest', 'osv', FIXTURE, '--source', 'osv:cli']
  const { stdout } = await promisify(execFile)(process.execPath, args, { env })
  assert.match(stdout, /ingest osv: 8 records read, 5 written, 0 unchanged, 3 skipped/)
  assert.match(stdout, /source osv:cli: 5 records, source date 2024-05-01T00:00:00.123456Z/)
  assert.match(stdout, /skipped: 1 no package in an ecosystem compintel maps \(e\.g\. x_FXO-4 \(Alpine:v3\.18\)\)/)
})
