// Tests the code-stats analyzer and its helpers: language detection, binary detection, line counting.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { test } from 'node:test'
import { crc64xz } from '../../domain/folder-hash/crc64.ts'
import { type CodeStats, codeStatsAnalyzer } from './code-stats.ts'
import { detectLanguage, EXTENSION_OVERRIDES } from './languages.ts'
import { countLines, isBinary } from './text.ts'
import type { FileEntry } from './types.ts'

const file = (path: string, content: string | Buffer | undefined, size?: number): FileEntry => {
  const buf = typeof content === 'string' ? Buffer.from(content) : content
  return {
    path,
    size: size ?? buf?.length ?? 0,
    md5: createHash('md5')
      .update(buf ?? '')
      .digest('hex'),
    crc64: crc64xz(buf ?? new Uint8Array()),
    content: buf,
  }
}

const languageCases: { path: string; content?: string; want: string | undefined }[] = [
  { path: 'index.js', want: 'JavaScript' },
  { path: 'lib/a.mjs', want: 'JavaScript' },
  { path: 'lib/a.cjs', want: 'JavaScript' },
  { path: 'lib/a.jsx', want: 'JavaScript' },
  { path: 'src/a.ts', want: 'TypeScript' },
  { path: 'types/index.d.ts', want: 'TypeScript' },
  { path: 'src/App.tsx', want: 'TSX' },
  { path: 'include/x.h', want: 'C' },
  { path: 'README.md', want: 'Markdown' },
  { path: 'package.json', want: 'JSON' },
  { path: 'tsconfig.json', want: 'JSON with Comments' },
  { path: 'style.CSS', want: 'CSS' },
  { path: 'Makefile', want: 'Makefile' },
  { path: 'makefile', want: 'Makefile' },
  { path: '.npmignore', want: 'Ignore List' },
  { path: 'build.gradle.kts', want: 'Gradle Kotlin DSL' },
  { path: 'bin/cli', content: '#!/usr/bin/env node\nrequire("x")\n', want: 'JavaScript' },
  { path: 'bin/run', content: '#!/usr/bin/env -S node --no-warnings\n', want: 'JavaScript' },
  { path: 'bin/setup', content: '#!/bin/sh\necho hi\n', want: 'Shell' },
  { path: 'bin/tool', content: '#!/usr/bin/python3.11\n', want: 'Python' },
  { path: 'bin/plain', content: 'no shebang\n', want: undefined },
  { path: 'CHANGES', want: undefined },
]
for (const c of languageCases) {
  test(`language of ${c.path}`, () => {
    assert.equal(detectLanguage(c.path, c.content === undefined ? undefined : Buffer.from(c.content))?.name, c.want)
  })
}

test('every extension override names a language that claims the extension', () => {
  for (const [ext, name] of Object.entries(EXTENSION_OVERRIDES))
    assert.equal(detectLanguage(`file${ext}`)?.name, name, ext)
})

const lineCases: { name: string; text: string; lines: number; blank: number }[] = [
  { name: 'empty', text: '', lines: 0, blank: 0 },
  { name: 'one line, no newline', text: 'a', lines: 1, blank: 0 },
  { name: 'one line', text: 'a\n', lines: 1, blank: 0 },
  { name: 'just a newline', text: '\n', lines: 1, blank: 1 },
  { name: 'blank and whitespace lines', text: 'a\n\n  \t\nb', lines: 4, blank: 2 },
  { name: 'CRLF', text: 'a\r\n\r\nb\r\n', lines: 3, blank: 1 },
  { name: 'trailing blank line', text: 'a\n\n', lines: 2, blank: 1 },
  { name: 'unicode', text: 'é\n\u00a0\n', lines: 2, blank: 0 },
]
for (const c of lineCases) {
  test(`countLines: ${c.name}`, () =>
    assert.deepEqual(countLines(Buffer.from(c.text)), { lines: c.lines, blank: c.blank }))
}

const binaryCases: { name: string; path: string; content: Buffer | undefined; want: boolean }[] = [
  { name: 'text', path: 'a.js', content: Buffer.from('x = 1\n'), want: false },
  { name: 'NUL early', path: 'a.js', content: Buffer.from('x\0y'), want: true },
  {
    name: 'NUL after 8 KiB',
    path: 'a.js',
    content: Buffer.concat([Buffer.alloc(9000, 0x61), Buffer.alloc(1)]),
    want: false,
  },
  { name: 'binary extension', path: 'img/LOGO.PNG', content: Buffer.from('not really'), want: true },
  { name: 'native addon without content', path: 'build/addon.node', content: undefined, want: true },
  { name: 'no content, text name', path: 'big.js', content: undefined, want: false },
]
for (const c of binaryCases) test(`isBinary: ${c.name}`, () => assert.equal(isBinary(c.path, c.content), c.want))

const statsCases: { name: string; files: FileEntry[]; want: CodeStats }[] = [
  { name: 'no files', files: [], want: { total_source_files: 0, total_lines: 0, total_blank_lines: 0, languages: [] } },
  {
    name: 'source vs non-source files',
    files: [
      file('index.js', 'const a = 1\n\nmodule.exports = a\n'),
      file('lib/b.ts', 'export const b = 2'),
      file('lib/c.ts', ''),
      file('package.json', '{\n\n}\n'),
      file('README.md', '# x\n\ntext\n'),
      file('style.css', 'a {}\n'),
    ],
    want: {
      total_source_files: 3,
      total_lines: 4,
      total_blank_lines: 1,
      languages: [
        { name: 'TypeScript', files: 2 },
        { name: 'JavaScript', files: 1 },
      ],
    },
  },
  {
    name: 'ties sort by name; binaries and unknown files are skipped',
    files: [
      file('a.py', 'print(1)\n'),
      file('b.go', 'package b\n'),
      file('c.js', 'x\0y\n'),
      file('d.wasm', 'asm'),
      file('e.unknownext', 'x\n'),
    ],
    want: {
      total_source_files: 2,
      total_lines: 2,
      total_blank_lines: 0,
      languages: [
        { name: 'Go', files: 1 },
        { name: 'Python', files: 1 },
      ],
    },
  },
  {
    name: 'a file over the limit counts by name, without lines',
    files: [file('dist/bundle.js', undefined, 5_000_000), file('x.js', '1\n2\n')],
    want: {
      total_source_files: 2,
      total_lines: 2,
      total_blank_lines: 0,
      languages: [{ name: 'JavaScript', files: 2 }],
    },
  },
  {
    name: 'a minified file counts as one source file',
    files: [file('dist/x.min.js', `${'var a=1;'.repeat(500)}\n`)],
    want: {
      total_source_files: 1,
      total_lines: 1,
      total_blank_lines: 0,
      languages: [{ name: 'JavaScript', files: 1 }],
    },
  },
  {
    name: 'a duplicated path: the last entry replaces the first',
    files: [file('a.js', '1\n2\n3\n'), file('a.js', '1\n'), file('b.js', 'x'), file('b.js', 'x\0')],
    want: {
      total_source_files: 1,
      total_lines: 1,
      total_blank_lines: 0,
      languages: [{ name: 'JavaScript', files: 1 }],
    },
  },
]
for (const c of statsCases) {
  test(`code-stats: ${c.name}`, () => {
    const run = codeStatsAnalyzer.start()
    for (const f of c.files) run.file(f)
    assert.deepEqual(run.finish(), c.want)
  })
}

test('code-stats runs are independent', () => {
  const a = codeStatsAnalyzer.start()
  a.file(file('a.js', 'x'))
  assert.equal(codeStatsAnalyzer.start().finish().total_source_files, 0)
  assert.equal(a.finish().total_source_files, 1)
})
