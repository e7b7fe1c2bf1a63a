// The KEV loader: the shipped catalogue (real data, 2025-08-25) is read whole into a KB (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), then again without writing; a malformed record is refused and counted while the others
// load; what is not a catalogue is refused outright.
import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { backends } from '../../../test/helpers/backends.ts'
import { SILENT } from '../../ingest/data-report.ts'
import { SqlAdvisoryReader } from '../../storage/advisory-reader.ts'
import { SqlAdvisoryWriter } from '../../storage/advisory-writer.ts'
import { openStorage } from '../../storage/database.ts'
import { migrate } from '../../storage/migrate.ts'
import { ingestKev, parseKevCatalogue, SHIPPED_KEV } from './kev.ts'

const SHIPPED = fileURLToPath(new URL(`../../../data/sources/${SHIPPED_KEV}`, import.meta.url))
const opts = { now: () => '2026-11-28T00:00:00.000Z', sink: SILENT }

// FIXTURE: a well-formed record, then variations of it
const good = {
  cveID: 'CVE-2099-0001',
  vendorProject: 'FIXTURE',
  product: 'fixture',
  vulnerabilityName: 'FIXTURE vulnerability',
  dateAdded: '2099-01-02',
  shortDescription: 'FIXTURE',
  requiredAction: 'FIXTURE action',
  dueDate: '2099-01-23',
  knownRansomwareCampaignUse: 'Known',
  notes: '',
}

test('malformed records are refused with their reason; the well-formed ones are kept', () => {
  const records = [
    good,
    { ...good, cveID: 'CVE-99-1' },
    { ...good, cveID: undefined },
    { ...good, dateAdded: '21/11/2023' },
    { ...good, dueDate: 20231212 },
    { ...good, requiredAction: '' },
    { ...good, knownRansomwareCampaignUse: undefined },
    { ...good, vendorProject: 'x'.repeat(10_001) },
    'CVE-2099-0002',
    null,
  ]
  const c = parseKevCatalogue(JSON.stringify({ dateReleased: '2099-02-01T00:00:00.000Z', vulnerabilities: records }))
  assert.deepEqual(
    c.entries.map((e) => e.cve),
    ['CVE-2099-0001'],
  )
  assert.equal(c.released, '2099-02-01T00:00:00.000Z')
  assert.deepEqual(
    c.refused.map((r) => r.reason),
    [
      'no valid cveID',
      'no valid cveID',
      'no valid dateAdded',
      'no valid dueDate',
      'no valid requiredAction',
      'no valid knownRansomwareCampaignUse',
      'no valid vendorProject',
      'not an object',
      'not an object',
    ],
  )
  assert.throws(() => parseKevCatalogue('{"vulnerabilities": {}}'), /no "vulnerabilities" array/)
  assert.throws(() => parseKevCatalogue('[1, 2'), /not a KEV catalogue/)
})

for (const backend of backends())
  test(`the shipped catalogue loads whole into ${backend.name}, names its release date, and loads again without writing`, async () => {
    const { storage, cleanup } = await backend.open()
    try {
      await migrate(storage)
      const writer = new SqlAdvisoryWriter(storage)
      const first = await ingestKev(SHIPPED, writer, opts)
      assert.deepEqual([first.read, first.written, first.skipped], [1404, 1404, {}])
      assert.deepEqual(first.sources, [{ name: 'kev', sourceDate: '2025-08-25T17:04:19.9796Z', records: 1404 }])
      const kev = await new SqlAdvisoryReader(storage).kev(['CVE-2023-4911', 'CVE-2099-0001'])
      assert.deepEqual([...kev.keys()], ['CVE-2023-4911'])
      assert.equal(kev.get('CVE-2023-4911')?.dateAdded, '2023-11-21')
      const again = await ingestKev(SHIPPED, writer, opts)
      assert.deepEqual([again.written, again.unchanged], [0, 1404])
    } finally {
      await cleanup()
    }
  })

test('a file that is not a catalogue is refused and nothing is written', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-kev-'))
  const file = path.join(dir, 'not-kev.json')
  writeFileSync(file, JSON.stringify({ title: 'FIXTURE', count: 1 }))
  const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
  try {
    await migrate(storage)
    await assert.rejects(ingestKev(file, new SqlAdvisoryWriter(storage), opts), /not a KEV catalogue/)
    assert.equal(await new SqlAdvisoryReader(storage).hasKev(), false)
  } finally {
    await storage.close()
  }
})
