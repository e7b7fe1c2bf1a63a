// Test helper for the folder-hash scan suites: FIXTURE tarballs unpacked as npm installs them, the request
// scanoss-py would send for a folder, and POST /v2/scanning/hfh/scan on a test app.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import * as tar from 'tar'
import { hashFolder } from '../../src/cli/folder-walk.ts'
import { pythonJson, scanRequest } from '../../src/domain/folder-hash/request.ts'
import type { TestApp } from './app.ts'
import type { FixtureRegistry } from './fixture-registry.ts'

export interface HfhReply {
  results: {
    path_id: string
    components: {
      purl: string
      name: string
      vendor: string
      rank: number
      order: number
      versions: { version: string; score: number; licenses: { spdx_id: string }[] }[]
    }[]
  }[]
  status: { status: string }
}

/** Unpacks a fixture version's tarball under dir/node_modules/<name>, as npm would; returns that folder. */
export async function installFixture(reg: FixtureRegistry, dir: string, name: string, version: string) {
  const res = await fetch(new URL(`${name}/-/${name}-${version}.tgz`, reg.url))
  assert.equal(res.status, 200)
  const to = path.join(dir, 'node_modules', name)
  mkdirSync(to, { recursive: true })
  await pipeline(Readable.fromWeb(res.body as never), tar.x({ cwd: to, strip: 1 }))
  return to
}

/** POSTs a body to the folder-hash scan and checks the status code. */
export async function scanHfh(t: TestApp, body: unknown, status = 200): Promise<HfhReply> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/scanning/hfh/scan',
    headers: { 'x-api-key': t.keys.full, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })
  assert.equal(res.statusCode, status, res.body)
  return res.json() as HfhReply
}

/** The request scanoss-py would send for a folder, parsed back from its exact bytes. */
export async function hfhRequestFor(dir: string, depth = 1) {
  return JSON.parse(pythonJson(scanRequest(await hashFolder(dir), depth)))
}
