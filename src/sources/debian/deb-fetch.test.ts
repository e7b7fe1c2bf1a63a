// fetchDebs over the FIXTURE repository (test/fixtures/debian/repo, a file: mirror) with apt's own apt-helper: a .deb
// fetched by its index's Filename where apt-get download would write it, and nothing written for a checksum that
// differs (apt checks it) or a Filename that leaves the pool (never asked).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { fetchDebs } from './deb-fetch.ts'

const REPO = fileURLToPath(new URL('../../../test/fixtures/debian/repo', import.meta.url))
const ZLIB = {
  name: 'zlib1g',
  version: '1:1.2.13.dfsg-1',
  arch: 'amd64',
  filename: 'pool/main/z/zlib/zlib1g_1.2.13.dfsg-1_amd64.deb',
  sha256: 'd7dd1d1411fedf27f5e27650a6eff20ef294077b568f4c8c5e51466dc7c08ce4',
  mirror: `file:${REPO}`,
}

test('a .deb is fetched by its Filename and checked against its SHA-256; a mismatch or a way out is not written', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-deb-fetch-'))
  const asked: number[] = []
  try {
    const got = await fetchDebs(
      [
        ZLIB,
        { ...ZLIB, name: 'other', sha256: '0'.repeat(64) },
        { ...ZLIB, name: 'escape', filename: 'pool/../dists/bookworm/Release.deb' },
      ],
      dir,
      async (args) => {
        asked.push(args.filter((a) => a.startsWith('file:')).length)
        await promisify(execFile)('/usr/lib/apt/apt-helper', ['-qq', ...args])
      },
    )
    assert.deepEqual([...got.keys()], ['zlib1g=1:1.2.13.dfsg-1'])
    assert.deepEqual(readdirSync(dir), ['zlib1g_1%3a1.2.13.dfsg-1_amd64.deb'], 'named as apt-get download names it')
    assert.deepEqual(asked, [2], 'one apt-helper call; the Filename out of the pool is never asked for')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
