// A Go module's folder read from a real bookworm golang-*-dev package of the FIXTURE repository
// (test/fixtures/debian/repo, README there): golang-github-cespare-xxhash-dev 2.1.1-2 installs the module
// github.com/cespare/xxhash/v2 in the folder github.com/cespare/xxhash/ (dh-golang's import path, no /v2).
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { UpstreamRefused } from '../../ingest/failure.ts'
import { readDebModule } from './deb-module.ts'

const XXHASH = fileURLToPath(
  new URL(
    '../../../test/fixtures/debian/repo/pool/main/g/golang-github-cespare-xxhash/golang-github-cespare-xxhash-dev_2.1.1-2_all.deb',
    import.meta.url,
  ),
)
const MAX = 64 * 1024 * 1024

async function inTemp<T>(read: (into: string) => Promise<T>): Promise<T> {
  const into = mkdtempSync(path.join(tmpdir(), 'ci-deb-module-'))
  try {
    return await read(into)
  } finally {
    rmSync(into, { recursive: true, force: true })
  }
}

test('a /vN module in its unsuffixed folder: read when the go.mod names it', async () => {
  const m = await inTemp((into) =>
    readDebModule(XXHASH, 'github.com/cespare/xxhash/v2', into, MAX, { under: 'github.com/cespare/xxhash' }),
  )
  assert.equal(m?.module, 'github.com/cespare/xxhash/v2')
  assert.equal(m?.hasGoMod, true)
  assert.equal(m?.licenseFile, null) // the package ships no LICENSE.txt: its debian/copyright says the license
  assert.deepEqual(m?.nested, [])
  assert.ok(m?.files.includes('xxhash.go') && m.files.includes('xxhsum/xxhsum.go'), JSON.stringify(m?.files))
})

test('another major version in that folder is not shipped; the unsuffixed path asked is refused', async () => {
  const v3 = await inTemp((into) =>
    readDebModule(XXHASH, 'github.com/cespare/xxhash/v3', into, MAX, { under: 'github.com/cespare/xxhash' }),
  )
  assert.equal(v3, undefined)
  await assert.rejects(
    inTemp((into) => readDebModule(XXHASH, 'github.com/cespare/xxhash', into, MAX)),
    (err) =>
      err instanceof UpstreamRefused &&
      err.message ===
        'usr/share/gocode/src/github.com/cespare/xxhash/go.mod names "github.com/cespare/xxhash/v2", not github.com/cespare/xxhash',
  )
})
