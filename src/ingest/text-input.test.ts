// A data file read whole, gzip or not (told by its first bytes): its text, the bytes read from disk counted, and a
// text past the limit refused before it is all held.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { readLines, readText, startsWith } from './text-input.ts'

test('a file read whole or by lines, gzip or not; past the limit it is refused', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-text-'))
  const text = 'FIXTURE line one\r\nline two\n'.repeat(1000)
  const plain = path.join(dir, 'plain.json')
  const packed = path.join(dir, 'packed.json')
  writeFileSync(plain, text)
  writeFileSync(packed, gzipSync(text))
  for (const file of [plain, packed]) {
    const counter = { bytes: 0 }
    assert.equal(await readText(file, counter), text)
    assert.equal(counter.bytes, file === plain ? text.length : gzipSync(text).length)
    const lines: string[] = []
    for await (const line of readLines(file, { bytes: 0 })) lines.push(line)
    assert.deepEqual(lines.slice(0, 3), ['FIXTURE line one', 'line two', 'FIXTURE line one'])
    await assert.rejects(
      readText(file, { bytes: 0 }, { bytes: 1024 * 1024 * 0.01, refusal: 'not a FIXTURE' }),
      new RegExp(`^Error: not a FIXTURE: ${file.replace(/[.\\]/g, '\\$&')} holds more than 0.01 MB of text$`),
    )
  }
  assert.equal(startsWith(packed, [0x1f, 0x8b]), true)
  assert.equal(startsWith(plain, [0x1f, 0x8b]), false)
  assert.equal(startsWith(plain, [...Buffer.from(text)].slice(0, 64)), true)
  rmSync(dir, { recursive: true })
})
