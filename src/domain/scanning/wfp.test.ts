// The WFP parser: what the client writes (wfpForFile, byte-identical to scanoss-js per winnowing.test.ts) parses back
// into the same files and fingerprints; keys to ignore are ignored; every malformed line and limit is a WfpError naming
// its line; arbitrary input fails with WfpError only.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { parseWfp, WfpError, type WfpLimits } from './wfp.ts'
import { fh2, fingerprints, wfpForFile } from './winnowing.ts'

const semver = fileURLToPath(new URL('../../../node_modules/semver', import.meta.url))
const files = (readdirSync(semver, { recursive: true }) as string[]).filter((f) => /\.(js|json|md)$/.test(f)).sort()
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex')
const M = 'd41d8cd98f00b204e9800998ecf8427e' // a valid MD5 for fixtures

test('a multi-file post of client WFPs parses back into the files and their fingerprints', async () => {
  const contents = files.map((f) => readFileSync(join(semver, f)))
  const text = files.map((f, i) => wfpForFile(f, contents[i] as Buffer, 2 ** 30)).join('')
  const parsed = await parseWfp(text)
  assert.equal(parsed.files.length, files.length)
  parsed.files.forEach((got, i) => {
    const content = contents[i] as Buffer
    assert.deepEqual(
      got,
      { md5: md5(content), size: content.length, path: files[i], fh2: fh2(content), snippets: fingerprints(content) },
      files[i],
    )
  })
  assert.ok(parsed.files.some((f) => f.snippets.length > 100))
})

test('a truncated client WFP parses into a prefix of the fingerprints', async () => {
  const content = readFileSync(join(semver, 'README.md'))
  const { files: got } = await parseWfp(wfpForFile('README.md', content, 2048))
  const all = fingerprints(content)
  const snippets = got[0]?.snippets ?? []
  assert.ok(snippets.length > 10 && snippets.length < all.length)
  assert.deepEqual(snippets, all.slice(0, snippets.length))
})

test('paths with commas, CRLF, blank lines, a BOM, upper-case hex and keys to ignore', async () => {
  // Fixture post, made up.
  const text = [
    '\ufeffcomponent=0123,some.zip',
    `file=${M.toUpperCase()},1234,src/a,b, c.js`,
    `fh2=${M}`,
    'hpsm=5ac65706ff2d',
    'start_line=3',
    '4=0000000A,ffffffff',
    '',
    '5=12345678',
    'bin=whatever=with=equals',
    `file=${M},0,empty.txt`,
    '',
  ].join('\r\n')
  assert.deepEqual(await parseWfp(text), {
    files: [
      {
        md5: M,
        size: 1234,
        path: 'src/a,b, c.js',
        fh2: M,
        snippets: [
          { line: 4, hash: 10 },
          { line: 4, hash: 0xffffffff },
          { line: 5, hash: 0x12345678 },
        ],
      },
      { md5: M, size: 0, path: 'empty.txt', snippets: [] },
    ],
  })
  assert.deepEqual(await parseWfp(''), { files: [] })
})

const fails = (text: string, line: number, pattern: RegExp, limits: Partial<WfpLimits> = {}) =>
  assert.rejects(
    parseWfp(text, limits),
    (e: unknown) =>
      e instanceof WfpError && e.line === line && e.message.startsWith(`WFP line ${line}: `) && pattern.test(e.message),
    text,
  )

test('each malformed line is a WfpError naming its line', async () => {
  const head = `file=${M},10,a.c\n`
  await fails(`${head}file=${M},10\n`, 2, /three fields/)
  await fails('file=\n', 1, /three fields/)
  await fails('file=0123,10,a.c\n', 1, /MD5 must be 32 hex digits/)
  await fails(`file=${M.replace('d', 'g')},10,a.c`, 1, /MD5/)
  await fails(`file=${M},ten,a.c`, 1, /size must be a non-negative integer/)
  await fails(`file=${M},-1,a.c`, 1, /size/)
  await fails(`file=${M},,a.c`, 1, /size/)
  await fails(`file=${M},10,`, 1, /path is empty/)
  await fails(`${head}3=abc`, 2, /8 hex digits, got "abc"/)
  await fails(`${head}3=0123456789`, 2, /8 hex digits/)
  await fails(`${head}3=zzzzzzzz`, 2, /8 hex digits/)
  await fails(`${head}3=`, 2, /8 hex digits/)
  await fails(`${head}3=01234567,`, 2, /8 hex digits/)
  await fails(`${head}3=01234567,,89abcdef`, 2, /8 hex digits/)
  await fails(`${head}0=01234567`, 2, /positive integer/)
  await fails(`${head}-2=01234567`, 2, /positive integer/)
  await fails(`${head}2a=01234567`, 2, /positive integer/)
  await fails(`${head}\n\n 7=01234567`, 4, /positive integer/)
  await fails(`${head}99999999999=01234567`, 2, /positive integer/)
  await fails('12=01234567\n', 1, /before any file=/)
  await fails(`fh2=${M}\n`, 1, /before any file=/)
  await fails(`${head}fh2=abc`, 2, /fh2= must be 32 hex digits/)
  await fails(`${head}fh2=${M}\nfh2=${M}`, 3, /second fh2=/)
  await fails(`${head}garbage`, 2, /expected <key>=<value>/)
  await fails(`${head}=01234567`, 2, /expected <key>=<value>/)
})

test('limits: files, fingerprints per file and per post, path length', async () => {
  const post = `file=${M},1,a\n1=00000001,00000002\nfile=${M},1,b\n1=00000003\n2=00000004,00000005\nfile=${M},1,c\n`
  assert.equal((await parseWfp(post)).files.length, 3)
  await fails(post, 6, /more than 2 files in one post \(maxFiles\)/, { maxFiles: 2 })
  await fails(post, 5, /more than 2 fingerprints for one file \(maxFingerprintsPerFile\)/, {
    maxFingerprintsPerFile: 2,
  })
  await fails(post, 5, /more than 4 fingerprints in one post \(maxFingerprints\)/, { maxFingerprints: 4 })
  await fails(`file=${M},1,${'p'.repeat(11)}`, 1, /longer than 10 characters \(maxPathLength\)/, { maxPathLength: 10 })
  assert.equal((await parseWfp(`file=${M},1,${'p'.repeat(4096)}`)).files.length, 1) // the default path limit is 4,096
  await fails(`file=${M},1,${'p'.repeat(4097)}`, 1, /maxPathLength/)
})

test('arbitrary input parses or fails with WfpError only', async () => {
  const piece = fc.oneof(
    fc.constantFrom('file=', 'fh2=', `${M},`, '12=', '0=', 'hpsm=', '=', ',', '\n', '\r\n', '01234567', 'zz', '-1'),
    fc.string({ maxLength: 8 }),
  )
  await fc.assert(
    fc.asyncProperty(fc.array(piece, { maxLength: 40 }), async (parts) => {
      try {
        await parseWfp(parts.join(''))
      } catch (e) {
        assert.ok(e instanceof WfpError, String(e))
      }
    }),
    { seed: 20_260_126, numRuns: 2000 },
  )
})
