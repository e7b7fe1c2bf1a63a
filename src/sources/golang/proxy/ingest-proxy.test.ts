// One module's unit over a proxy, with a made-up client (FIXTURE versions, go.mod files and a zip of real module
// files: test/helpers/go-proxy-server.ts's pkg/errors) and a recording writer: every listed version written with its
// time, the go.mod of the newest and the asked versions read; the versions the KB holds written again only when their
// zip was read (their license is the zip's); the asked zip walked, its license file matched; a go.mod naming another
// module or a refused zip fails the unit, nothing written. The whole path over a FIXTURE server:
// test/on-demand-golang-proxy.test.ts.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { goModuleFixtures } from '../../../../test/helpers/go-proxy-server.ts'
import type { PackageState, PackageUpdate } from '../../../domain/kb/types.ts'
import { DEFAULT_ANALYZERS } from '../../../ingest/analyzers/index.ts'
import { UpstreamRefused } from '../../../ingest/failure.ts'
import { ingestProxyModule } from './ingest-proxy.ts'
import type { GoVersionInfo } from './proxy-documents.ts'

const MODULE = 'github.com/pkg/errors'
const fixture = goModuleFixtures({ licenses: true }).find((m) => m.module === MODULE)
const info = (version: string, time?: string): GoVersionInfo => ({ version, time, origin: undefined, proxy: 'p' })
const INFOS = [info('v0.9.1', '2021-08-28T13:24:21Z'), info('v0.9.0', '2020-01-14T19:00:00Z'), info('v0.8.1')]

function run(o: { asked?: string[]; state?: PackageState; analyze?: boolean; goMod?: string; refuseZip?: boolean }) {
  const mods: string[] = []
  const zips: string[] = []
  const written: PackageUpdate[] = []
  const done = ingestProxyModule({
    client: {
      versionInfos: async () => INFOS,
      mod: async (_m, v) => {
        mods.push(v)
        return {
          text: o.goMod ?? `module ${MODULE}\n\nrequire golang.org/x/sys v0.1.0\n`,
          h1: '',
          verified: false,
          sumDb: 'off',
          proxy: 'p',
        }
      },
      zip: async (_m, v) => {
        zips.push(v)
        if (o.refuseZip) throw new UpstreamRefused('format', 'FIXTURE: a damaged zip')
        const dir = mkdtempSync(path.join(tmpdir(), 'ci-gozip-'))
        const file = path.join(dir, 'module.zip')
        writeFileSync(file, fixture?.zip ?? '')
        const remove = () => rmSync(dir, { recursive: true, force: true })
        return {
          file,
          stripComponents: 3,
          h1: 'h1:FIXTURE=',
          verified: false,
          sumDb: 'off',
          fileCount: 4,
          bytes: 9,
          remove,
        }
      },
    },
    writer: {
      state: async () => o.state,
      writePackage: async (u) => {
        written.push(u)
        return { componentChanged: true, versionsInserted: u.versions.length, versionsUpdated: 0, analysesWritten: 0 }
      },
    },
    name: MODULE,
    asked: o.asked ?? [],
    ...(o.analyze ? { analyzers: DEFAULT_ANALYZERS } : {}),
    now: () => '2026-11-28T00:00:00.000Z',
  })
  return { done, mods, zips, written }
}

test('known: every listed version with its time, the go.mod of the newest and the asked', async () => {
  const r = run({ asked: ['v0.9.0'] })
  const report = await r.done
  assert.deepEqual(r.mods.sort(), ['v0.9.0', 'v0.9.1'])
  assert.deepEqual(r.zips, [])
  assert.deepEqual(report.dependencies, ['golang.org/x/sys'])
  const [w] = r.written
  assert.equal(w?.component.purl, `pkg:golang/${MODULE}`)
  assert.equal(w?.component.latestVersion, 'v0.9.1')
  assert.equal(w?.component.registryModified, '2021-08-28T13:24:21.000Z')
  assert.deepEqual(
    w?.versions.map((v) => [v.version, v.releasedAt, v.dependencies.length, v.license, v.source]),
    [
      ['v0.8.1', null, 0, null, 'golang-proxy'],
      ['v0.9.0', '2020-01-14T19:00:00.000Z', 1, null, 'golang-proxy'],
      ['v0.9.1', '2021-08-28T13:24:21.000Z', 1, null, 'golang-proxy'],
    ],
  )
})

test('the versions the KB holds are written again only when their zip was read', async () => {
  const state = { versions: new Set(['v0.9.1', 'v0.9.0', 'v0.8.1']), analyses: new Map() }
  const known = run({ state })
  await known.done
  assert.deepEqual(known.written[0]?.versions, [])
  const analysis = run({ state, asked: ['v0.9.1'], analyze: true })
  const report = await analysis.done
  assert.deepEqual(analysis.zips, ['v0.9.1'])
  assert.equal(report.analyzed, 1)
  const [v] = analysis.written[0]?.versions ?? []
  assert.deepEqual(
    [v?.version, v?.license?.expression, v?.licenseOrigin, v?.integrity, v?.fileCount],
    ['v0.9.1', 'BSD-2-Clause', { source: 'golang-license-file', path: 'LICENSE' }, 'h1:FIXTURE=', 4],
  )
  assert.equal(analysis.written[0]?.analyses.length, 1)
})

test('a go.mod naming another module, or a refused zip, fails the unit: nothing written', async () => {
  const other = run({ goMod: 'module github.com/other/errors\n' })
  await assert.rejects(other.done, { name: 'UpstreamRefused', kind: 'identity' })
  assert.deepEqual(other.written, [])
  const zip = run({ asked: ['v0.9.1'], analyze: true, refuseZip: true })
  await assert.rejects(zip.done, /a damaged zip/)
  assert.deepEqual(zip.written, [])
})
