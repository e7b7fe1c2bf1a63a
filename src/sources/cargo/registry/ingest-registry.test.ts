// One crate's unit over a registry, with a made-up index (FIXTURE lines) and a recording writer: the Cargo.toml read
// of the newest and the asked versions only; the versions the KB holds written again only when read (their license
// is the .crate's), the new ones all; a requirement resolved as the API resolves it; a crate whose lines are all of
// an unknown schema is not found. The whole path over a FIXTURE server: test/registry-cargo.test.ts.
import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { test } from 'node:test'
import { gzipSync } from 'node:zlib'
import type { PackageState, PackageUpdate } from '../../../domain/kb/types.ts'
import { END_OF_ARCHIVE, fileEntry } from '../../../ingest/tar-bombs.test-helper.ts'
import { PackageNotFound } from '../../npm/registry.ts'
import type { IndexVersion } from './index-file.ts'
import { ingestRegistryCrate } from './ingest-registry.ts'

const line = (version: string, yanked = false): IndexVersion => ({
  name: 'demo',
  version,
  cksum: 'cd'.repeat(32),
  yanked,
  features: {},
  links: null,
  rustVersion: null,
  published: null,
  dependencies: [],
})

function run(lines: IndexVersion[], asked: string[], state?: PackageState) {
  const read: string[] = []
  const written: PackageUpdate[] = []
  const done = ingestRegistryCrate({
    client: {
      versions: async () => lines,
      withCrate: async (v, consume) => {
        read.push(v.version)
        const manifest = `[package]\nname = "demo"\nversion = "${v.version}"\nlicense = "MIT"\n`
        const files = [fileEntry(`demo-${v.version}/Cargo.toml`, Buffer.from(manifest)), END_OF_ARCHIVE]
        return consume(Readable.from([gzipSync(Buffer.concat(files))]))
      },
    },
    writer: {
      state: async () => state,
      writePackage: async (u) => {
        written.push(u)
        return { componentChanged: true, versionsInserted: u.versions.length, versionsUpdated: 0, analysesWritten: 0 }
      },
    },
    name: 'demo',
    asked,
    walker: async () => assert.fail('no walk without analyzers'),
    maxUnpackedBytes: 1024,
    now: () => '2026-01-01T00:00:00.000Z',
  })
  return { done, read, written }
}

const dep = (name: string, o: Partial<IndexVersion['dependencies'][number]> = {}) => ({
  ...{ name, crate: name, req: '^1', features: [], optional: false, defaultFeatures: true, target: null },
  ...{ kind: 'normal' as const, registry: null, ...o },
})
const LINES = [
  line('0.1.0'),
  line('0.2.0'),
  line('0.2.5', true),
  line('1.0.0'),
  {
    ...line('1.1.0'),
    dependencies: [
      dep('serde_json'),
      dep('tempfile', { kind: 'dev' }),
      dep('other', { registry: 'https://x.invalid/' }),
    ],
  },
]

test('a crate new to the KB: every version written; the newest and the asked versions read', async () => {
  const { done, read, written } = run(LINES, ['0.2', '1.0.0'])
  // the newest's run-time dependencies on this registry, by their lookup keys (for --with-dependencies)
  assert.deepEqual(await done, { dependencies: ['serde-json'], versions: 5, read: 3, analyzed: 0, changed: true })
  // `0.2` is Cargo's ^0.2: the highest 0.2.x, a yanked one included, as the API resolves it
  assert.deepEqual(read, ['1.1.0', '0.2.5', '1.0.0'])
  assert.deepEqual(
    written[0]?.versions.map((v) => [v.version, v.license?.raw ?? null, v.status, v.fileCount]),
    [
      ['0.1.0', null, 'active', null],
      ['0.2.0', null, 'active', null],
      ['0.2.5', 'MIT', 'deprecated', 1],
      ['1.0.0', 'MIT', 'active', 1],
      ['1.1.0', 'MIT', 'active', 1],
    ],
  )
})

test('a crate the KB holds: the versions it holds written again only when read; a known yanked one is read', async () => {
  const state: PackageState = { analyses: new Map(), versions: new Set(['0.1.0', '0.2.0', '0.2.5', '1.0.0']) }
  const r = run(LINES, [], state)
  await r.done
  assert.deepEqual(r.read, ['1.1.0', '0.2.5'])
  assert.deepEqual(
    r.written[0]?.versions.map((v) => v.version),
    ['0.2.5', '1.1.0'],
  )
  assert.equal(r.written[0]?.registryVersions?.length, 5)
})

test('no line of a schema this reader knows: not found, nothing written', async () => {
  const r = run([], [''])
  await assert.rejects(r.done, PackageNotFound)
  assert.deepEqual(r.written, [])
})
