// A single OSV .json file is read whole, so its text is bounded: one under the bound is read (a record, an array of
// records), one over it (plain, or gzip that inflates past it) is refused with an error naming the file and the limit.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { type OsvItem, readOsv } from './read-osv.ts'

const MB = 1024 * 1024
const dir = mkdtempSync(path.join(tmpdir(), 'compintel-read-osv-'))
after(() => rmSync(dir, { recursive: true, force: true }))

async function read(file: string): Promise<{ items: OsvItem[]; bytes: number }> {
  const counter = { bytes: 0 }
  const items: OsvItem[] = []
  for await (const item of readOsv(file, counter)) items.push(item)
  return { items, bytes: counter.bytes }
}

test('a JSON file under the bound is read: one record, or each record of an array', async () => {
  // FIXTURE records: only their ids matter here
  const one = path.join(dir, 'one.json')
  writeFileSync(one, JSON.stringify({ id: 'x_FX-READ-1' }))
  const many = path.join(dir, 'many.json.gz')
  writeFileSync(many, gzipSync(JSON.stringify([{ id: 'x_FX-READ-2' }, { id: 'x_FX-READ-3' }])))
  assert.deepEqual((await read(one)).items, [{ origin: one, raw: { id: 'x_FX-READ-1' } }])
  assert.deepEqual(
    (await read(many)).items.map((i) => i.origin),
    [`${many}[0]`, `${many}[1]`],
  )
})

test('a JSON file over 64 MB of text is refused before it is all held, naming the file and the limit', async () => {
  const plain = path.join(dir, 'plain.json')
  writeFileSync(plain, '')
  truncateSync(plain, 64 * MB + 1) // sparse: 64 MB and one byte of NULs
  const bomb = path.join(dir, 'bomb.json.gz')
  writeFileSync(bomb, gzipSync(Buffer.alloc(64 * MB + 1, 0x20))) // a small file that inflates past the bound
  for (const file of [plain, bomb]) {
    await assert.rejects(read(file), (err: Error) => {
      assert.equal(
        err.message,
        `too large for one OSV JSON document (NDJSON and zips are read a record at a time): ${file} holds more than 64 MB of text`,
      )
      return true
    })
  }
})

test('exactly 64 MB of text is still read (the bound is inclusive)', async () => {
  const edge = path.join(dir, 'edge.json.gz')
  const record = JSON.stringify({ id: 'x_FX-READ-EDGE' })
  writeFileSync(edge, gzipSync(Buffer.concat([Buffer.from(record), Buffer.alloc(64 * MB - record.length, 0x20)])))
  const { items } = await read(edge)
  assert.deepEqual(items, [{ origin: edge, raw: { id: 'x_FX-READ-EDGE' } }])
})
