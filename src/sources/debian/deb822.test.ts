import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  type Deb822Issue,
  type Deb822Paragraph,
  Deb822Parser,
  foldDeb822,
  parseDeb822,
  parseDeb822Chunks,
} from './deb822.ts'

// Made-up paragraphs in the shape of a Packages index and a debian/copyright.
const PACKAGES = [
  'Package: hello',
  'Version: 2.10-3',
  'Depends: libc6 (>= 2.34),',
  ' libfoo1',
  'Description: example package',
  ' The first line of the long description.',
  ' .',
  '   verbatim, indented',
  '',
  '',
  'Package: world',
  'version: 1.0',
  '',
].join('\n')

const all = (text: string, options?: Parameters<typeof parseDeb822>[1]) => [...parseDeb822(text, options)]
const fields = (p: Deb822Paragraph) => Object.fromEntries(p.entries())

test('paragraphs are split at blank lines, continuation lines joined with their indentation past the first', () => {
  const [hello, world, ...more] = all(PACKAGES)
  assert.equal(more.length, 0, 'consecutive blank lines do not make an empty paragraph')
  assert.ok(hello && world)
  assert.deepEqual(fields(hello), {
    Package: 'hello',
    Version: '2.10-3',
    Depends: 'libc6 (>= 2.34),\nlibfoo1',
    Description: 'example package\nThe first line of the long description.\n\n  verbatim, indented',
  })
  assert.deepEqual(hello.names, ['Package', 'Version', 'Depends', 'Description'])
  assert.equal(hello.line, 1)
  assert.equal(world.line, 11)
  assert.equal(world.size, 2)
  assert.equal(foldDeb822(hello.get('depends') ?? ''), 'libc6 (>= 2.34), libfoo1')
})

test('field names are looked up ignoring case and keep their first spelling; a repeated field is reported', () => {
  const issues: Deb822Issue[] = []
  const [p] = all('Format: x\nFILES: *\nfiles: other\n more\nLicense: MIT\n', { onIssue: (i) => issues.push(i) })
  assert.ok(p)
  assert.equal(p.get('files'), '*')
  assert.equal(p.get('Files'), '*')
  assert.ok(p.has('LICENSE'))
  assert.equal(p.get('Missing'), undefined)
  assert.deepEqual(p.names, ['Format', 'FILES', 'License'])
  assert.deepEqual(issues, [{ line: 3, message: 'repeated field files ignored' }])
})

test('values are trimmed; a colon in the value, tabs and CRLF line ends are handled', () => {
  const [p] = all('Homepage:   https://example.org/x  \r\nDescription:\tshort\r\n\tcontinued\t\r\nEmpty:\r\n')
  assert.ok(p)
  assert.deepEqual(fields(p), { Homepage: 'https://example.org/x', Description: 'short\ncontinued', Empty: '' })
})

test('a whitespace-only line ends a paragraph', () => {
  assert.equal(all('A: 1\n \t\nB: 2\n').length, 2)
})

test('comments are skipped only where allowed, never ending a field; elsewhere reported', () => {
  const text = '# leading comment\nSource: x\nBuild-Depends: a,\n# inside\n b\n'
  const [control] = all(text, { comments: true })
  assert.ok(control)
  assert.equal(control.get('Build-Depends'), 'a,\nb')
  const issues: Deb822Issue[] = []
  const [strict] = all(text, { onIssue: (i) => issues.push(i) })
  assert.ok(strict)
  assert.deepEqual(
    issues.map((i) => i.line),
    [1, 4],
  )
  assert.equal(issues[0]?.message, 'comment line not allowed here')
  assert.equal(strict.get('Build-Depends'), 'a,', 'the lines after a rejected line are not glued to the field')
})

test('malformed lines are reported and skipped, never thrown', () => {
  const issues: Deb822Issue[] = []
  const text = ' orphan continuation\nno colon here\nBad Name: x\n-----BEGIN PGP SIGNED MESSAGE-----\nOk: yes\n'
  const ps = all(text, { onIssue: (i) => issues.push(i) })
  assert.deepEqual(
    issues.map((i) => [i.line, i.message]),
    [
      [1, 'continuation line outside a field'],
      [2, 'not a field line'],
      [3, 'not a field line'],
      [4, 'not a field line'],
    ],
  )
  assert.equal(ps.length, 1)
  assert.deepEqual(fields(ps[0] as Deb822Paragraph), { Ok: 'yes' })
  assert.equal(ps[0]?.line, 5)
})

test('the line-fed parser gives the same paragraphs as the string generator', () => {
  const parser = new Deb822Parser()
  const out: Deb822Paragraph[] = []
  for (const line of PACKAGES.split('\n')) {
    const p = parser.push(line)
    if (p) out.push(p)
  }
  const last = parser.end()
  assert.equal(last, undefined, 'the text ends with a blank line: nothing pending')
  assert.deepEqual(out.map(fields), all(PACKAGES).map(fields))
  assert.equal(out.length, 2)
})

test('no trailing newline: end() returns the last paragraph; a BOM is dropped', () => {
  const [p] = all('\ufeffPackage: a\nVersion: 1')
  assert.deepEqual(fields(p as Deb822Paragraph), { Package: 'a', Version: '1' })
})

test('chunks split anywhere, including inside a UTF-8 character, give the same paragraphs', async () => {
  const text = `${PACKAGES}Package: naïve\nMaintainer: Jörg Über <j@example.org>\n`
  const bytes = new TextEncoder().encode(text)
  const expected = all(text).map(fields)
  for (const size of [1, 2, 3, 7, 64, bytes.length]) {
    const chunks: Uint8Array[] = []
    for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size))
    const got: Record<string, string>[] = []
    for await (const p of parseDeb822Chunks(chunks)) got.push(fields(p))
    assert.deepEqual(got, expected, `chunks of ${size} bytes`)
  }
  const strings: Record<string, string>[] = []
  for await (const p of parseDeb822Chunks(['Package: a\nVer', 'sion: 1\n\nPackage: b'])) strings.push(fields(p))
  assert.deepEqual(strings, [{ Package: 'a', Version: '1' }, { Package: 'b' }])
})

test('a large index is iterated quickly', () => {
  const paragraph = `${PACKAGES.split('\n\n')[0]}\n\n`
  const text = paragraph.repeat(50_000) // about 9 MB
  const start = performance.now()
  let n = 0
  for (const p of parseDeb822(text)) if (p.get('package') === 'hello') n++
  const ms = performance.now() - start
  assert.equal(n, 50_000)
  assert.ok(ms < 2000, `${ms.toFixed(0)} ms for 50,000 paragraphs`)
})
