import assert from 'node:assert/strict'
import { test } from 'node:test'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { modulePath, parseInfo, parseVersionList, versionPart } from './proxy-documents.ts'

const p = { kind: 'proxy', url: 'http://127.0.0.1:9/p', credential: undefined, fallBackOnError: false } as const

test("@v/list: each line's first field, valid tags only (no pseudo-versions), deduplicated, in Go's order", () => {
  const list =
    'v1.10.0\nv1.9.0 2019-01-01\nv1.9.0\n1.0.0\nv2.0.0+incompatible\nv1.0.0-20191109021931-daa7c04131f5\nv1.10.0-rc.1\n\n'
  assert.deepEqual(parseVersionList(Buffer.from(list)), ['v1.9.0', 'v1.10.0-rc.1', 'v1.10.0', 'v2.0.0+incompatible'])
})

test('.info: Version required, Time kept when it is a date, Origin when an object; prototype keys dropped', () => {
  const info = parseInfo(
    Buffer.from(
      '{"Version":"v1.2.3","Time":"2023-01-02T03:04:05Z","Origin":{"VCS":"git","Hash":"abc"},"__proto__":{"x":1}}',
    ),
    p,
  )
  assert.deepEqual(info, {
    version: 'v1.2.3',
    time: '2023-01-02T03:04:05Z',
    origin: { VCS: 'git', Hash: 'abc' },
    proxy: p.url,
  })
  assert.equal(parseInfo(Buffer.from('{"Version":"v1.2.3","Time":"yesterday"}'), p).time, undefined)
  const format = (e: unknown) => e instanceof UpstreamRefused && e.kind === 'format'
  assert.throws(() => parseInfo(Buffer.from('<html>'), p), format)
  assert.throws(() => parseInfo(Buffer.from('{"Time":"2023-01-02T03:04:05Z"}'), p), format)
})

test('URLs: case-encoded, `!` sent percent-encoded; .mod and .zip only for canonical versions', () => {
  assert.equal(modulePath('github.com/BurntSushi/toml'), 'github.com/%21burnt%21sushi/toml')
  assert.equal(versionPart('v1.0.0-RC1', true), 'v1.0.0-%21r%21c1')
  assert.equal(versionPart('v1.2'), 'v1.2')
  assert.throws(() => versionPart('v1.2', true), /not a canonical Go module version/)
  assert.throws(() => modulePath('../etc/passwd'), /not a Go module path/)
})
