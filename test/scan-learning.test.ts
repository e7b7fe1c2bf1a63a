// On-demand learning from /scan/direct (src/domain/scanning/scan-learning.ts; docs/kb-growth.md "Dependencies and
// scans") against the FIXTURE registry on 127.0.0.1: a file match on fixture-alpha 1.1.0 whose dependencies block names
// packages the KB lacks queues them and says so in the x-being-fetched header, the answer itself unchanged; flag 4 (no
// dependencies block) names none; an SBOM context's identified version is queued; ON_DEMAND=off queues nothing.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { wfpForFile } from '../src/domain/scanning/winnowing.ts'
import { makeTestApp, type TestApp } from './helpers/app.ts'
import { type FixtureRegistry, startFixtureRegistry } from './helpers/fixture-registry.ts'

let reg: FixtureRegistry
before(async () => {
  reg = await startFixtureRegistry()
})
after(async () => reg?.close())

async function app(env: Record<string, string> = {}, storage?: TestApp['storage']): Promise<TestApp> {
  const cache = mkdtempSync(path.join(tmpdir(), 'ci-ods-'))
  return makeTestApp({
    env: { ON_DEMAND_WAIT_MS: '30000', ...env },
    onDemandRegistry: { registry: reg.url, cache },
    ...(storage ? { storage } : {}),
  })
}

const alphaFile = readFileSync(new URL('fixtures/npm/fixture-alpha/1.1.0/index.js', import.meta.url))
const WFP = wfpForFile('vendor/alpha/index.js', alphaFile)

/** Posts a WFP with form fields as the clients do (multipart/form-data). */
async function scan(t: TestApp, fields: Record<string, string> = {}) {
  const boundary = 'compintel-test-boundary'
  const part = (name: string, value: string, file = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${value}\r\n`
  const body = `${Object.entries(fields)
    .map(([k, v]) => part(k, v))
    .join('')}${part('file', WFP, '; filename="request.wfp"')}--${boundary}--\r\n`
  const res = await t.app.inject({
    method: 'POST',
    url: '/scan/direct',
    headers: { 'x-api-key': t.keys.full, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  })
  assert.equal(res.statusCode, 200, res.body)
  const [match] = (res.json() as Record<string, Record<string, unknown>[]>)['vendor/alpha/index.js'] ?? []
  const { server: _, ...shown } = match ?? {}
  return { match: shown, fetching: res.headers['x-being-fetched'] as string | undefined }
}

async function units(t: TestApp, name: string): Promise<number> {
  return (await t.storage.db.selectFrom('ingest_queue').select('id').where('name', '=', name).execute()).length
}

/** Has the KB learn fixture-alpha 1.1.0 (analyzed: its files indexed) through a dependencies request. */
async function learnAlpha(t: TestApp): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/dependencies/dependencies',
    headers: { 'x-api-key': t.keys.full },
    payload: { files: [{ file: 'package.json', purls: [{ purl: 'pkg:npm/fixture-alpha@1.1.0' }] }] },
  })
  assert.equal(res.json().files[0].dependencies[0].version, '1.1.0', res.body)
  // answered once known (its packument); its files are indexed by the analysis unit queued with it
  for (let i = 0; i < 300 && (await openUnits(t, 'fixture-alpha')) > 0; i++)
    await new Promise((r) => setTimeout(r, 100))
  assert.equal(await openUnits(t, 'fixture-alpha'), 0, 'its analysis ended')
}

async function openUnits(t: TestApp, name: string): Promise<number> {
  const rows = await t.storage.db
    .selectFrom('ingest_queue')
    .select('id')
    .where('name', '=', name)
    .where('state', 'in', ['pending', 'active'])
    .execute()
  return rows.length
}

describe('/scan/direct learns on demand', () => {
  test('the dependencies a matched version declares that the KB lacks are queued, and named in a header', async () => {
    const t = await app()
    const held = reg.hold('/fixture-beta')
    try {
      await learnAlpha(t)
      const quiet = await scan(t, { flags: '4' })
      assert.equal(quiet.match.id, 'file')
      assert.equal(quiet.match.dependencies, undefined, 'flag 4: no dependencies block')
      assert.equal(quiet.fetching, undefined, 'flag 4: the answer names no dependency, and nothing is queued')
      assert.equal(await units(t, 'fixture-beta'), 0)

      const full = await scan(t)
      assert.equal(full.match.id, 'file')
      assert.deepEqual(full.match.purl, ['pkg:npm/fixture-alpha'])
      assert.equal(full.match.version, '1.1.0')
      assert.deepEqual((full.match.dependencies as { component: string }[]).map((d) => d.component).sort(), [
        '@fixture/scoped',
        'fixture-beta',
      ])
      assert.equal(await units(t, 'fixture-beta'), 2, 'one unit a phase')
      assert.equal(await units(t, '@fixture/scoped'), 2)
      // fixture-beta's packument is held: it is still being fetched when the scan answers
      assert.ok(full.fetching?.split(', ').includes('pkg:npm/fixture-beta'), full.fetching)
      const { dependencies: _, ...rest } = full.match
      const { dependencies: __, ...quietRest } = quiet.match
      assert.deepEqual(rest, quietRest, 'the match itself is the same answer')

      // the KB alone (ON_DEMAND=off, the same KB): the same answer, no header, no new work
      const off = await app({ ON_DEMAND: 'off' }, t.storage)
      const kbOnly = await scan(off)
      assert.deepEqual(kbOnly.match, full.match)
      assert.equal(kbOnly.fetching, undefined)
      assert.equal(await units(t, 'fixture-beta'), 2)
      await off.close()
    } finally {
      held.release()
      await t.close()
    }
  })

  test('the versions an SBOM context identifies that the KB lacks are queued', async () => {
    const t = await app()
    const held = reg.hold('/fixture-crypto')
    try {
      await learnAlpha(t)
      const assets = JSON.stringify({ components: [{ purl: 'pkg:npm/fixture-crypto@1.1.0' }] })
      const answer = await scan(t, { flags: '4', type: 'identify', assets })
      assert.equal(answer.match.id, 'file')
      assert.equal(answer.fetching, 'pkg:npm/fixture-crypto')
      assert.equal(await units(t, 'fixture-crypto'), 2)
    } finally {
      held.release()
      await t.close()
    }
  })
})
