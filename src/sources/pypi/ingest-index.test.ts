// ingestFromIndex against the FIXTURE index (test/helpers/pypi-index-server.ts) with a writer that keeps what it is
// given: which distribution is walked (a pure-Python wheel first; the sdist, its top folder dropped, when the index
// has no wheel), the asked versions bounded and resolved in PEP 440's order, and a project document naming another
// project refused before anything is written. The units over the KB: test/pypi-index-units.test.ts.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type PypiIndexServer, startPypiIndexServer } from '../../../test/helpers/pypi-index-server.ts'
import { defaultIndexLimits } from '../../config/registries.ts'
import type { KbWriter, PackageUpdate } from '../../domain/kb/types.ts'
import { DEFAULT_ANALYZERS } from '../../ingest/analyzers/index.ts'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { distributionToWalk, ingestFromIndex, yankStates } from './ingest-index.ts'
import { pypiIndexFromEnv } from './registry/pip-config.ts'
import { PypiRegistryClient } from './registry/pypi-client.ts'
import type { SimpleFile } from './registry/simple-api.ts'

let server: PypiIndexServer
const cache = mkdtempSync(path.join(tmpdir(), 'ci-pypi-ingest-'))
before(async () => {
  server = await startPypiIndexServer()
})
after(async () => {
  await server.close()
  rmSync(cache, { recursive: true, force: true })
})

function client(): PypiRegistryClient {
  const config = pypiIndexFromEnv({ PIP_INDEX_URL: server.indexUrl }, () => undefined)
  assert.ok(config)
  return new PypiRegistryClient(config, { ...defaultIndexLimits(), cacheDir: cache })
}

function keeping(): KbWriter & { updates: PackageUpdate[] } {
  const updates: PackageUpdate[] = []
  return {
    updates,
    state: async () => undefined,
    writePackage: async (u) => {
      updates.push(u)
      return { componentChanged: true, versionsInserted: u.versions.length, versionsUpdated: 0, analysesWritten: 0 }
    },
  }
}

const now = () => '2026-11-28T00:00:00.000Z'
const file = (filename: string, kind: 'wheel' | 'sdist') => ({ filename, kind }) as SimpleFile

describe('ingestFromIndex', () => {
  test('the distribution walked: a pure-Python wheel, else another wheel, else a .tar.gz or .zip sdist', () => {
    const sdist = file('six-1.16.0.tar.gz', 'sdist')
    const native = file('six-1.16.0-cp311-cp311-manylinux_2_17_x86_64.whl', 'wheel')
    const pure = file('six-1.16.0-py2.py3-none-any.whl', 'wheel')
    assert.equal(distributionToWalk([sdist, native, pure]), pure)
    assert.equal(distributionToWalk([sdist, native]), native)
    assert.equal(distributionToWalk([sdist]), sdist)
    assert.equal(distributionToWalk([file('six-1.16.0.tar.bz2', 'sdist')]), undefined)
  })

  test("each version's yank state from its files: all yanked, the first reason; spelled otherwise; no file", () => {
    const f = (filename: string, version: string, yanked: boolean | string) =>
      ({ filename, version, yanked, kind: 'sdist' }) as SimpleFile
    const files = [
      f('x-1.0.tar.gz', '1.0', 'broken'),
      f('x-1.0-py3-none-any.whl', '1.0', true),
      f('x-1.1.tar.gz', '1.1', true),
      f('x-1.1-py3-none-any.whl', '1.1', false),
      f('x-2.0.0-beta1.tar.gz', '2.0.0-beta1', true),
    ]
    const states = yankStates(files, [{ version: '1.0' }, { version: '1.1' }, { version: '2.0.0b1' }, { version: '3' }])
    assert.deepEqual(Object.fromEntries(states), {
      '1.0': { status: 'deprecated', statusRaw: 'yanked: broken' },
      // one file still there: not yanked (PEP 592 yanks files; a version is yanked when all its files are)
      '1.1': { status: 'active', statusRaw: null },
      '2.0.0b1': { status: 'deprecated', statusRaw: 'yanked' },
    })
  })

  test('an index without a wheel: the sdist walked, its top folder dropped', async () => {
    const c = client()
    const noWheels: typeof c = Object.create(c)
    noWheels.simpleProject = async (name, signal) => {
      const page = await c.simpleProject(name, signal)
      return { ...page, files: page.files.filter((f) => f.kind === 'sdist') }
    }
    const writer = keeping()
    const r = await ingestFromIndex({
      client: noWheels,
      writer,
      name: 'six',
      asked: ['>=1.0', '1.16.0', ''],
      analyzers: DEFAULT_ANALYZERS,
      now,
    })
    assert.deepEqual([r.asked, r.analyzed, r.skipped], [['1.16.0'], 1, []])
    const [update] = writer.updates
    assert.deepEqual(
      update?.analyses[0]?.files.map((f) => f.path),
      ['six-1.16.0.PKG-INFO', 'six.py'],
    )
    assert.equal(update?.component.source, 'pypi-registry')
  })

  test('a distribution over the walk bound is not analyzed; the metadata is still written', async () => {
    const writer = keeping()
    const r = await ingestFromIndex({
      client: client(),
      writer,
      name: 'six',
      asked: ['1.16.0'],
      analyzers: DEFAULT_ANALYZERS,
      maxUnpackedBytes: 1000,
      now,
    })
    assert.equal(r.analyzed, 0)
    assert.match(r.skipped[0] ?? '', /^1\.16\.0: zip unpacks to more than 1000 bytes/)
    assert.deepEqual([writer.updates[0]?.versions.length, writer.updates[0]?.analyses.length], [1, 0])
  })

  test('asked versions no release matches are left out; another project’s document is refused', async () => {
    const writer = keeping()
    const r = await ingestFromIndex({ client: client(), writer, name: 'six', asked: ['>=2', '0.9'], now })
    assert.deepEqual(r.asked, [])
    assert.equal(writer.updates[0]?.versions.length, 1)
    const c = client()
    const other: typeof c = Object.create(c)
    other.projectJson = (_name, signal) => c.projectJson('cryptography', signal)
    await assert.rejects(
      ingestFromIndex({ client: other, writer, name: 'six', asked: [], now }),
      (e) => e instanceof UpstreamRefused && e.kind === 'identity',
    )
    assert.equal(writer.updates.length, 1)
  })
})
