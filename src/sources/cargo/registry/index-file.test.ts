import assert from 'node:assert/strict'
import { test } from 'node:test'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { downloadUrl, indexPath, isCrateName, parseIndexFile } from './index-file.ts'

const C = 'b'.repeat(64)
const kind = (k: string) => (err: unknown) => err instanceof UpstreamRefused && err.kind === k

test("index paths (the Cargo book's examples), lower-cased", () => {
  const cases: [string, string][] = [
    ['a', '1/a'],
    ['ab', '2/ab'],
    ['abc', '3/a/abc'],
    ['cargo', 'ca/rg/cargo'],
    ['Serde_JSON', 'se/rd/serde_json'],
  ]
  for (const [name, want] of cases) assert.equal(indexPath(name), want, name)
})

test("dl: the book's default and its markers", () => {
  assert.equal(
    downloadUrl('https://dl.example/api/v1/crates', 'Cargo', '0.1.0', C),
    'https://dl.example/api/v1/crates/Cargo/0.1.0/download',
  )
  assert.equal(
    downloadUrl('https://dl.example/{prefix}/{lowerprefix}/{crate}/{version}/{sha256-checksum}', 'Cargo', '0.1.0', C),
    `https://dl.example/Ca/rg/ca/rg/Cargo/0.1.0/${C}`,
  )
})

test('crate names', () => {
  for (const n of ['a', 'serde_json', 'cfg-if', 'A1']) assert.ok(isCrateName(n), n)
  for (const n of ['', '1a', '-a', 'a.b', 'a/b', 'x'.repeat(65)]) assert.ok(!isCrateName(n), n)
})

test("lines: schema 2's features2 merged, renamed and target deps, yanked; newer schemas skipped", () => {
  const lines = [
    { name: 'Foo', vers: '0.1.0', deps: [], cksum: C, features: {}, yanked: true },
    {
      name: 'foo',
      vers: '0.2.0-rc.1',
      deps: [
        {
          name: 'r',
          package: 'rand',
          req: '^0.8',
          features: ['std'],
          optional: false,
          default_features: false,
          target: 'cfg(unix)',
          kind: 'dev',
        },
      ],
      cksum: C.toUpperCase(),
      features: { default: ['a'] },
      features2: { serde: ['dep:serde'] },
      links: 'z',
      rust_version: '1.60',
      v: 2,
    },
    { name: 'foo', vers: '9.0.0', cksum: C, v: 3 },
  ]
  const vs = parseIndexFile(lines.map((l) => JSON.stringify(l)).join('\n'), 'foo')
  assert.deepEqual(
    vs.map((v) => [v.version, v.yanked, v.cksum === C]),
    [
      ['0.1.0', true, true],
      ['0.2.0-rc.1', false, true],
    ],
  )
  assert.deepEqual(vs[1]?.features, { default: ['a'], serde: ['dep:serde'] })
  assert.deepEqual(vs[1]?.dependencies[0], {
    name: 'r',
    crate: 'rand',
    req: '^0.8',
    features: ['std'],
    optional: false,
    defaultFeatures: false,
    target: 'cfg(unix)',
    kind: 'dev',
    registry: null,
  })
})

test("another crate's line, a bad version or a missing cksum refuse the file", () => {
  const one = (o: object) => JSON.stringify({ name: 'foo', vers: '1.0.0', cksum: C, ...o })
  assert.throws(() => parseIndexFile(one({ name: 'bar' }), 'foo'), kind('identity'))
  assert.throws(() => parseIndexFile(one({ vers: '1.0' }), 'foo'), kind('format'))
  assert.throws(() => parseIndexFile(one({ cksum: 'x' }), 'foo'), kind('format'))
  assert.throws(() => parseIndexFile('{', 'foo'), kind('format'))
})
