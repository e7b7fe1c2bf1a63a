// The crypto analyzer's per-file lists: each file content with algorithms once, by MD5, with every algorithm found in
// it (not only the first files an algorithm's evidence keeps); files without algorithms, non-source files and the
// manifest are not listed; a later entry for a path replaces the earlier one. The files here are FIXTURE code.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { test } from 'node:test'
import { cryptoAnalyzer } from './crypto.ts'
import type { FileEntry } from './types.ts'

const entry = (path: string, text: string): FileEntry => {
  const content = Buffer.from(text)
  return {
    path,
    size: content.length,
    md5: createHash('md5').update(content).digest('hex'),
    crc64: { hi: 0, lo: 0 },
    content,
  }
}
const md5File =
  "const crypto = require('crypto')\nmodule.exports = (s) => crypto.createHash('md5').update(s).digest('hex')\n"
const shaFile = "const crypto = require('crypto')\nexports.sign = (k, s) => crypto.createHmac('sha256', k).update(s)\n"

test('every file content with algorithms, once each, with all of its algorithms', () => {
  const run = cryptoAnalyzer.start()
  const files = [
    entry('package.json', '{"name":"fx","dependencies":{"node-forge":"1"}}'),
    entry('a/hash-1.js', md5File),
    entry('b/hash-2.js', md5File), // the same content at another path
    entry('c/d/e/f.js', md5File), // a fourth file: past the three an algorithm's evidence keeps
    entry('d/more.js', md5File.replace('(s)', '(t)')),
    entry('sign.js', shaFile),
    entry('plain.js', 'module.exports = (a, b) => a + b\n'),
    entry('NOTES.md', 'we use md5 here\n'),
  ]
  for (const f of files) run.file(f)
  const out = run.finish()
  const md5Of = (path: string) => files.find((f) => f.path === path)?.md5
  assert.equal(out.algorithms.find((a) => a.algorithm === 'md5')?.evidence.length, 3)
  const listed = new Map(out.files.map((f) => [f.md5, f.algorithms]))
  assert.deepEqual(listed.get(md5Of('a/hash-1.js') as string), ['md5'])
  assert.deepEqual(listed.get(md5Of('d/more.js') as string), ['md5'], 'the file the evidence left out')
  assert.ok((listed.get(md5Of('sign.js') as string) ?? []).includes('sha2'))
  assert.equal(listed.has(md5Of('plain.js') as string), false)
  assert.equal(listed.has(md5Of('NOTES.md') as string), false, 'not a source file')
  assert.equal(out.files.length, 3, 'each content once')
  assert.deepEqual(
    out.files.map((f) => f.md5),
    out.files.map((f) => f.md5).sort(),
  )
})

test('a later entry for the same path replaces what the earlier one contributed', () => {
  const run = cryptoAnalyzer.start()
  run.file(entry('lib/x.js', md5File))
  run.file(entry('lib/x.js', 'module.exports = 1\n'))
  const out = run.finish()
  assert.deepEqual(out.files, [])
  assert.deepEqual(out.algorithms, [])
})
