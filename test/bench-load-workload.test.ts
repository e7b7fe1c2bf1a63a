// Smoke test of the load test's workload builder (bench/load-workload.ts; the load test itself runs on demand only):
// on the fixture KB, every class and endpoint it draws is a request the app answers 200, and a seed repeats a run.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { buildWorkload, type LoadRequest } from '../bench/load-workload.ts'
import { hashFolder } from '../src/cli/folder-walk.ts'
import { pythonJson, scanRequest } from '../src/domain/folder-hash/request.ts'
import { makeTestApp } from './helpers/app.ts'
import { loadFixtureKb } from './helpers/kb-fixture.ts'

test('the load workload draws every class, and each request it builds is answered 200', async () => {
  const t = await makeTestApp()
  try {
    await loadFixtureKb(t.storage)
    // a real folder-scan body: this repository's folder-hash sources, hashed with the client algorithm
    const folder = fileURLToPath(new URL('../src/domain', import.meta.url))
    const scans = [pythonJson(scanRequest(await hashFolder(folder), 2))]
    const workload = await buildWorkload(t.storage, scans, { seed: 7, bodies: 2 })
    const drawn: LoadRequest[] = Array.from({ length: 400 }, () => workload.next())
    const byLabel = new Map(drawn.map((r) => [r.label, r]))
    assert.deepEqual(
      new Set(drawn.map((r) => r.cls)),
      new Set(['get', 'search', 'batch-100', 'batch-1000', 'folder-scan']),
    )
    assert.ok(byLabel.size >= 15, `labels drawn: ${[...byLabel.keys()].join(', ')}`)
    for (const r of byLabel.values()) {
      const res = await t.app.inject({
        method: r.method,
        url: r.path,
        headers: { 'x-api-key': t.keys.full, ...(r.body ? { 'content-type': 'application/json' } : {}) },
        ...(r.body ? { payload: r.body } : {}),
      })
      assert.equal(res.statusCode, 200, `${r.label} ${r.path}: ${res.body.slice(0, 300)}`)
    }
    const again = await buildWorkload(t.storage, scans, { seed: 7, bodies: 2 })
    assert.deepEqual(
      Array.from({ length: 400 }, () => again.next().path),
      drawn.map((r) => r.path),
      'the same seed draws the same requests',
    )
  } finally {
    await t.close()
  }
})
