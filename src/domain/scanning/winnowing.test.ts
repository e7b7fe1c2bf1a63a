// Winnowing against the real client: scanoss-js's own WfpCalculator (its worker thread, isbinaryfile on the file,
// its packer's truncation) fingerprints real package files and made-up fixtures, and wfpForFile must write the same
// bytes. Plus the reference's rules checked by hand, a naive re-statement of §2, and scanoss.py's snippet skips.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { crc32c, crc32cOfU32 } from './crc32c.ts'
import { snippetEligible } from './eligibility.ts'
import { fh2, fingerprints, wfpForFile } from './winnowing.ts'

type Package = { getContent(): string }
type Calculator = {
  on(event: 'WINNOWING_NEW_CONTENT', listener: (p: Package) => void): void
  start(input: { fileList: string[]; folderRoot: string }): Promise<void>
}
const require = createRequire(import.meta.url)
const sdk = 'scanoss/build/main/sdk/scanner'
const { WfpCalculator } = require(`${sdk}/WfpProvider/WfpCalculator/WfpCalculator.js`) as {
  WfpCalculator: new (cfg: object) => Calculator
}
const { ScannerCfg } = require(`${sdk}/ScannerCfg.js`) as { ScannerCfg: new () => { WFP_FILE_MAX_SIZE: number } }

/** Runs scanoss-js's WfpCalculator, as its `wfp` command does, and returns each file's WFP in order. */
async function clientWfps(root: string, files: string[], maxSize: number): Promise<string[]> {
  const cfg = new ScannerCfg()
  cfg.WFP_FILE_MAX_SIZE = maxSize
  const calculator = new WfpCalculator(cfg)
  let all = ''
  calculator.on('WINNOWING_NEW_CONTENT', (p) => {
    all += p.getContent()
  })
  await calculator.start({ fileList: files.map((f) => join(root, f)), folderRoot: root })
  const parts = all.split(/^(?=file=)/m)
  assert.equal(parts.length, files.length, 'one WFP per file')
  return parts
}

const bytes = (s: string) => new TextEncoder().encode(s)
const modules = fileURLToPath(new URL('../../../node_modules', import.meta.url))
const listed = (dir: string, exts: RegExp) =>
  (readdirSync(join(modules, dir), { recursive: true }) as string[])
    .filter((f) => exts.test(f) && !f.includes('node_modules'))
    .map((f) => `${dir}/${f}`)
    .sort()
const corpus = [
  ...listed('semver', /\.(js|ts|json|md)$/),
  ...listed('yaml/dist', /\.(js|ts|json|md)$/),
  ...listed('kysely/dist/query-builder', /\.(js|ts)$/),
  ...listed('pino', /\.(js|ts|json|md)$/),
  'fast-check/lib/fast-check.js', // about 390 KB: its WFP passes 32 KB and is truncated
]

// Made-up fixtures (not real files), from a seeded generator so the run is reproducible.
let seed = 0x2545f491
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t ^= t + Math.imul(t ^ (t >>> 7), 61 | t)
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
}
const pick = (alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
const words = (n: number) =>
  Array.from({ length: n }, (_, i) => `${pick('abcdefghijklmnopqrstuvwxyz', 2 + (i % 9))}${i % 13 ? ' ' : '\n'}`).join(
    '',
  )
const code = Array.from({ length: 40 }, (_, i) => `  int value${i} = compute(value${i - 1}, ${i * 7}); /* step ${i} */`)
const fixtures: Record<string, Uint8Array | string> = {
  'crlf.c': `${code.join('\r\n')}\r\n`,
  'cr-only.c': code.join('\r'),
  'mixed.c': code.map((l, i) => l + ['\n', '\r\n', '\r'][i % 3]).join(''),
  'no-newline.c': code.join(' '),
  'exactly-256.c': `${code.join('\n')}`.slice(0, 255).padEnd(256, '\n'),
  'exactly-257.c': `${code.join('\n')}`.slice(0, 256).padEnd(257, '\n'),
  'non-ascii.c': `// Ünïcödé façade — ${'naïve café résumé '.repeat(30)}\n${code.join('\n')}\n`,
  'latin1.c': Uint8Array.from([...bytes(code.join('\n'))].map((b, i) => (i % 5 === 0 ? 0xe9 : b))),
  'long-first-line.js': `${'x'.repeat(2000)}\n${code.join('\n')}\n`,
  'brace-after-blanks.js': ` \n\t {\n${code.join('\n')}\n}\n`,
  'empty.c': '',
  'newlines-only.c': '\n'.repeat(300),
  'UPPER.C': code.join('\n').toUpperCase(),
  'a,b c.js': code.join('\n'), // a path with a comma and a space
  'binary.bin': Uint8Array.from({ length: 4096 }, (_, i) => (i % 97 === 0 ? 0 : Math.floor(random() * 256))),
  'binary-no-nul.dat': Uint8Array.from({ length: 2048 }, () => 1 + Math.floor(random() * 255)),
  'pdf-header.c': `%PDF-1.4\n${code.join('\n')}`,
  'bom.c': Uint8Array.from([0xef, 0xbb, 0xbf, 0, 1, 2, ...bytes(code.join('\n'))]),
  'utf16.c': Uint8Array.from([0xff, 0xfe, ...[...bytes(code.join('\n'))].flatMap((b) => [b, 0])]),
  // Ten length-delimited protobuf messages: 10% suspicious bytes, not over; binary only through the protobuf taste.
  'protobuf-like.c': Uint8Array.from(
    { length: 100 },
    (_, i) => [0x0a, 0x08, ...bytes('abcdefg'), 0x01][i % 10] as number,
  ),
  'not-protobuf.c': Uint8Array.from(
    { length: 100 },
    (_, i) => [i ? 0x0a : 0x0b, 8, ...bytes('abcdefg'), 1][i % 10] as number,
  ),
  'low-entropy.c': pick('ab\n', 20000), // long runs of equal grams: equal minima, repeated hashes
  'big-words.c': words(80000), // about 480 KB: truncated at 32 KB
}
for (let i = 0; i < 40; i++) fixtures[`random-${i}.c`] = pick(i % 2 ? 'aB3 \n\r\t{}é' : 'abcxyz\n', 500 + i * 97)

const tmp = mkdtempSync(join(tmpdir(), 'compintel-wfp-'))
after(() => rmSync(tmp, { recursive: true, force: true }))
for (const [name, content] of Object.entries(fixtures)) {
  mkdirSync(dirname(join(tmp, name)), { recursive: true })
  writeFileSync(join(tmp, name), content)
}

async function compare(root: string, files: string[], maxSize: number): Promise<Map<string, string>> {
  const client = await clientWfps(root, files, maxSize)
  const differing = files.filter((f, i) => wfpForFile(`/${f}`, readFileSync(join(root, f)), maxSize) !== client[i])
  const first = differing[0]
  if (first !== undefined) {
    const i = files.indexOf(first)
    assert.equal(
      wfpForFile(`/${first}`, readFileSync(join(root, first)), maxSize),
      client[i],
      `${first} (max ${maxSize})`,
    )
  }
  assert.deepEqual(differing, [], `max ${maxSize}`)
  return new Map(files.map((f, i) => [f, client[i] as string]))
}

test('wfpForFile writes what scanoss-js writes, byte for byte, for real package files', async (t) => {
  assert.ok(corpus.length > 300, `corpus of ${corpus.length} files`)
  const big = (await compare(modules, corpus, 32 * 1024)).get('fast-check/lib/fast-check.js') ?? ''
  await compare(modules, corpus, 2 * 1024)
  t.diagnostic(`${corpus.length} real files compared twice (post sizes 32 KB and 2 KB)`)
  assert.ok(big.length <= 32 * 1024 + 1 && big.endsWith('\n'), 'the big file was truncated at a line end')
})

test('wfpForFile writes what scanoss-js writes for edge-case fixtures', async (t) => {
  const names = Object.keys(fixtures)
  const client = await compare(tmp, names, 32 * 1024)
  await compare(tmp, names, 1024)
  t.diagnostic(`${names.length} fixtures compared twice (post sizes 32 KB and 1 KB)`)
  // The fixtures reach each of isbinaryfile's verdicts: a binary file's WFP is its file= line alone.
  const lines = (name: string) => (client.get(name) ?? '').split('\n').length - 1
  for (const name of ['binary.bin', 'binary-no-nul.dat', 'pdf-header.c', 'latin1.c', 'protobuf-like.c'])
    assert.equal(lines(name), 1, `${name} is binary`)
  for (const name of ['bom.c', 'utf16.c', 'not-protobuf.c', 'non-ascii.c', 'crlf.c'])
    assert.ok(lines(name) > 1, `${name} is text`)
  assert.ok(lines('big-words.c') > 1000 && (client.get('big-words.c') ?? '').length <= 32 * 1024 + 1)
})

/** §2 restated as naively as possible: strings, crc32c of each gram, min of each window, no rolling or deque. */
function naive(text: Uint8Array): { line: number; hash: number }[] {
  const out: { line: number; hash: number }[] = []
  let line = 1
  let gram = ''
  let window: number[] = []
  let last = 2 ** 32
  for (const b of text) {
    if (b === 10) line++
    const c = b >= 65 && b <= 90 ? b + 32 : (b >= 48 && b <= 57) || (b >= 97 && b <= 122) ? b : 0
    if (!c) continue
    gram += String.fromCharCode(c)
    if (gram.length < 30) continue
    window.push(crc32c(bytes(gram)))
    gram = gram.slice(1)
    if (window.length < 64) continue
    const min = Math.min(...window)
    if (min !== last) out.push({ line, hash: crc32cOfU32(min) })
    last = min
    window = window.slice(1)
  }
  return out
}

test('fingerprints equal a naive statement of the reference algorithm', () => {
  for (const [name, content] of Object.entries(fixtures)) {
    const data = typeof content === 'string' ? bytes(content) : content
    assert.deepEqual(fingerprints(data), naive(data), name)
  }
  const data = readFileSync(join(modules, 'semver/classes/range.js'))
  assert.deepEqual(fingerprints(data), naive(data))
})

test('hand-checked rules of the reference (§2)', () => {
  const alpha = '0123456789abcdefghijklmnopqrstuvwxyz'
  const kept = (n: number) => Array.from({ length: n }, (_, i) => alpha[(i * 7) % 36]).join('') // fixture text
  // 92 kept characters make 63 grams: no full window, nothing emitted.
  assert.deepEqual(fingerprints(bytes(kept(92))), [])
  // The 93rd completes the 64th gram: one fingerprint, on the line of that character (3), not of the minimum's gram.
  const text = `${kept(92)}\n\n${kept(93).slice(92)}`
  const grams = Array.from({ length: 64 }, (_, i) => crc32c(bytes(kept(93).slice(i, i + 30))))
  assert.deepEqual(fingerprints(bytes(text)), [{ line: 3, hash: crc32cOfU32(Math.min(...grams)) }])
  // Upper case is lower-cased; punctuation, spaces, CR and bytes ≥ 128 are dropped; only LF moves the line.
  const plain = fingerprints(bytes(kept(400)))
  const noisy = fingerprints(
    bytes(
      kept(400)
        .toUpperCase()
        .replace(/(.{7})/g, '$1 ;\r\u00e9'),
    ),
  )
  assert.deepEqual(noisy, plain)
  // Hex is lower-case, eight digits, several hashes of one line joined by commas.
  const wfp = wfpForFile('a.c', bytes(kept(400)))
  assert.match(wfp, /^file=[0-9a-f]{32},400,a\.c\n1=[0-9a-f]{8}(,[0-9a-f]{8})*\n$/)
})

test('fh2: opposite line endings, none for binary or line-less files', () => {
  const md5 = (s: string) => wfpForFile('x', bytes(s)).slice(5, 37)
  assert.equal(fh2(bytes('a\nb\n')), md5('a\r\nb\r\n'))
  assert.equal(fh2(bytes('a\r\nb\r\n')), md5('a\nb\n'))
  assert.equal(fh2(bytes('a\rb\r\nc\n')), md5('a\r\nb\r\nc\r\n')) // mixed: all to CRLF
  assert.equal(fh2(bytes('a\rb')), md5('a\r\nb'))
  assert.equal(fh2(bytes('no line ending')), undefined)
  assert.equal(fh2(new Uint8Array(0)), undefined)
  assert.equal(fh2(Uint8Array.of(0, 10, 1, 2)), undefined) // binary
})

test('snippetEligible follows scanoss.py’s skips and scanoss-js’s binary detection', () => {
  const source = bytes(`${code.join('\n')}\n`) // made-up source, over 256 characters
  const ok = (path: string, content: Uint8Array | string) =>
    snippetEligible(path, typeof content === 'string' ? bytes(content) : content)
  assert.equal(ok('src/main.c', source), true)
  for (const path of ['a.JSON', 'README.md', 'x.min.js', 'lib.so', 'notes.txt', 'page.HTML', 'a.woff2'])
    assert.equal(ok(path, source), false, path)
  assert.equal(ok('a.c', 'x'.repeat(256)), false) // 256 characters or fewer
  assert.equal(ok('a.c', `${'x'.repeat(256)}\n`), true)
  assert.equal(ok('a.c', `${'é'.repeat(200)}\n`), false) // 201 characters, 401 bytes: characters count
  assert.equal(ok('a.c', Uint8Array.from([...new Array(300).fill(0xe9), 10])), false) // invalid UTF-8 is dropped
  assert.equal(ok('a.c', ` \n\t {${code.join('\n')}`), false)
  assert.equal(ok('a.c', `[${code.join('\n')}`), false)
  assert.equal(ok('a.c', `\x1c\u3000{${code.join('\n')}`), false) // Python's whitespace, wider than ASCII's
  assert.equal(ok('a.c', `\ufeff{${code.join('\n')}`), true) // a BOM is not whitespace to Python
  assert.equal(ok('a.c', `${' '.repeat(255)}{${code.join('\n')}`), true) // `{` past the first 255 characters
  for (const start of ['<?XML', '<html', '<AC3D', '<!DOCTYPE html>'])
    assert.equal(ok('a.c', `  ${start}\n${code.join('\n')}`), false, start)
  assert.equal(ok('a.c', `${'y'.repeat(1001)}\n${code.join('\n')}`), false) // first line over 1,000 characters
  assert.equal(ok('a.c', `${'y'.repeat(1000)}\n${code.join('\n')}`), true)
  assert.equal(ok('a.c', 'y'.repeat(1001)), true) // no LF: "length - 1" is 1,000
  assert.equal(ok('a.c', 'y'.repeat(1002)), false)
  assert.equal(ok('a.c', Uint8Array.from([0, ...source])), false) // binary
  assert.equal(ok('a.c', `%PDF-${code.join('\n')}`), false)
})
