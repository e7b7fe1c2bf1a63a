// The feeds' loader skeleton on a real SQLite KB: records written in batches of the size the feed or the options
// give (a full batch at once, the rest by flush or done), the writer's counts summed, the sources recorded with the
// options' date over their own.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { EpssScore } from '../domain/vulnerabilities/types.ts'
import { SILENT } from '../ingest/data-report.ts'
import { SqlAdvisoryWriter } from '../storage/advisory-writer.ts'
import { openStorage } from '../storage/database.ts'
import { migrate } from '../storage/migrate.ts'
import { FeedIngest, type FeedOptions } from './feed-ingest.ts'

// FIXTURE: made-up scores of made-up CVEs
const scores: EpssScore[] = [1, 2, 3, 4, 5].map((n) => ({
  cve: `CVE-2099-000${n}`,
  probability: n / 10,
  percentile: n / 5,
  scoreDate: '2099-01-01',
  modelVersion: 'FIXTURE',
}))

test('records are written in batches, the counts summed, each source recorded with its date', async () => {
  const storage = openStorage({ kind: 'sqlite', path: ':memory:' })
  try {
    await migrate(storage)
    const writer = new SqlAdvisoryWriter(storage)
    const batches: number[] = []
    const run = (opts: FeedOptions) =>
      new FeedIngest<EpssScore>(
        {
          label: 'fixture',
          unit: 'scores',
          batchSize: 2,
          write: (b, asOf) => {
            batches.push(b.length)
            return writer.writeEpss(b, 'fixture', asOf)
          },
        },
        writer,
        opts,
      )
    const first = run({ now: () => '2099-01-02T00:00:00.000Z', sink: SILENT })
    for (const s of scores.slice(0, 3)) await first.add(s)
    assert.deepEqual(batches, [2], 'a full batch is written at once')
    await first.flush()
    assert.deepEqual(batches, [2, 1], 'flush writes what is queued')
    for (const s of scores.slice(3)) await first.add(s)
    const report = await first.done([{ name: 'fixture', kind: 'epss', sourceDate: '2099-01-01', records: 5 }])
    assert.deepEqual(batches, [2, 1, 2])
    assert.deepEqual([report.unit, report.written, report.unchanged], ['scores', 5, 0])
    assert.deepEqual(report.sources, [{ name: 'fixture', sourceDate: '2099-01-01', records: 5 }])

    batches.length = 0
    const again = run({ now: () => '2099-01-03T00:00:00.000Z', sink: SILENT, batchSize: 10, sourceDate: '2099-02-01' })
    for (const s of scores) await again.add(s)
    const second = await again.done([{ name: 'fixture', kind: 'epss', sourceDate: '2099-01-01', records: 5 }])
    assert.deepEqual(batches, [5], "the options' batch size over the feed's")
    assert.deepEqual([second.written, second.unchanged], [0, 5])
    assert.deepEqual(second.sources, [{ name: 'fixture', sourceDate: '2099-02-01', records: 5 }])
    const stored = await storage.db.selectFrom('data_sources').selectAll().where('name', '=', 'fixture').execute()
    assert.deepEqual(
      stored.map((r) => [r.kind, r.source_date, r.imported_at, Number(r.records)]),
      [['epss', '2099-02-01', '2099-01-03T00:00:00.000Z', 5]],
    )
  } finally {
    await storage.close()
  }
})
