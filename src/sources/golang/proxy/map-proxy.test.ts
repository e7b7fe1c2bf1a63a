// A proxy's module → the KB's facts: the newest release is the latest (a pre-release only when there is none), the
// versions sorted as Go sorts them, each dated by its `.info` time (none when it is not a date), the read go.mod's
// requirements and zip's license file on their versions only; a path that is no module path maps to nothing; the
// newest go.mod's retractions and deprecation.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { parseGoMod } from '../../../domain/dependencies/go-mod.ts'
import { mapProxyModule, newestGoVersion, retraction } from './map-proxy.ts'
import type { GoVersionInfo } from './proxy-documents.ts'

const info = (version: string, time?: string): GoVersionInfo => ({ version, time, origin: undefined, proxy: 'p' })
// FIXTURE: toml's license text as Debian's copyright file has it (test/fixtures/go-proxy-licenses/README.md)
const MIT = readFileSync(
  new URL('../../../../test/fixtures/go-proxy-licenses/github.com/BurntSushi/toml@v1.2.0/COPYING', import.meta.url),
  'utf8',
)

test('the newest release, else the newest pre-release', () => {
  assert.equal(newestGoVersion([info('v1.10.0'), info('v1.9.0'), info('v2.0.0-rc.1')])?.version, 'v1.10.0')
  assert.equal(
    newestGoVersion([info('v0.0.0-20200101000000-abcdefabcdef')])?.version,
    'v0.0.0-20200101000000-abcdefabcdef',
  )
  assert.equal(newestGoVersion([]), undefined)
})

test('every version dated by its .info; requirements and license where read', () => {
  const mapped = mapProxyModule(
    'github.com/BurntSushi/toml',
    [info('v1.2.0', '2022-08-21T05:51:00Z'), info('v1.1.0', 'not a date')],
    new Map([
      [
        'v1.2.0',
        {
          goMod: {
            module: 'github.com/BurntSushi/toml',
            go: '1.16',
            require: [{ path: 'a.b/c', version: 'v1.0.0', indirect: true }],
            exclude: [],
            replace: [],
            retract: [],
            problems: [],
          },
          zip: { h1: 'h1:x=', fileCount: 2, bytes: 10, licenseFile: { path: 'COPYING', text: MIT } },
        },
      ],
    ]),
    '2026-11-28T00:00:00.000Z',
  )
  assert.equal(mapped?.component.purl, 'pkg:golang/github.com/BurntSushi/toml')
  assert.equal(mapped?.component.source, 'golang-proxy')
  const [old, latest] = mapped?.versions ?? []
  assert.deepEqual([old?.version, old?.releasedAt, old?.license, old?.dependencies], ['v1.1.0', null, null, []])
  assert.deepEqual(
    [latest?.version, latest?.releasedAt, latest?.integrity, latest?.dependencies],
    ['v1.2.0', '2022-08-21T05:51:00.000Z', 'h1:x=', [{ scope: 'runtime', name: 'a.b/c', requirement: 'v1.0.0' }]],
  )
  assert.equal(latest?.license?.expression, 'MIT')
  assert.equal(mapProxyModule('not a module', [info('v1.0.0')], new Map(), '2026-11-28T00:00:00.000Z'), undefined)
})

test("the newest version's go.mod: its retractions mark versions, its deprecation the module; latest not retracted", () => {
  // FIXTURE (made up): a module whose newest version retracts itself and an interval, and is deprecated
  const goMod = parseGoMod(`// Deprecated: use example.com/m/v2,
// which has the new API.
module example.com/m

retract (
    // a broken
    // release
    v1.3.0
    [v1.1.0, v1.1.9]
    [not-a-version, v9.0.0]
)
`)
  const mapped = mapProxyModule(
    'example.com/m',
    [info('v1.0.0'), info('v1.1.0'), info('v1.1.5'), info('v1.2.0'), info('v1.3.0')],
    new Map([['v1.3.0', { goMod }]]),
    '2026-11-28T00:00:00.000Z',
  )
  assert.equal(mapped?.component.latestVersion, 'v1.2.0')
  assert.deepEqual(
    [mapped?.component.status, mapped?.component.statusRaw],
    ['deprecated', 'deprecated: use example.com/m/v2, which has the new API.'],
  )
  assert.deepEqual(
    mapped?.versions.map((v) => `${v.version} ${v.status} ${v.statusRaw}`),
    [
      'v1.0.0 active null',
      'v1.1.0 deprecated retracted',
      'v1.1.5 deprecated retracted',
      'v1.2.0 active null',
      'v1.3.0 deprecated retracted: a broken release',
    ],
  )
  // an older go.mod's retractions count for nothing: only the newest version's is read
  assert.equal(retraction(undefined, 'v1.0.0'), undefined)
  // every version retracted: the newest stays the latest
  const all = mapProxyModule(
    'example.com/m',
    [info('v1.3.0')],
    new Map([['v1.3.0', { goMod }]]),
    '2026-11-28T00:00:00.000Z',
  )
  assert.equal(all?.component.latestVersion, 'v1.3.0')
})
