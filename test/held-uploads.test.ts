// Uploads held open against a real `compintel serve` (docs/security.md "Hostile clients"): clients that send part of
// a large multipart body to POST /scan/direct and never its end. The per-request budget answers 413 as soon as the
// count passes it, the budget of all requests 503 UPLOADS_BUSY with Retry-After, both while the client still holds;
// /health reports the bytes in flight; the server's peak RSS stays bounded whatever the clients send.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from './helpers/free-port.ts'
import { type CliProcess, startServe } from './helpers/processes.ts'
import { type RawClient, rawClient } from './helpers/raw-client.ts'

const KEY = 'held-uploads-key-0123456789'
const MiB = 1024 * 1024
const IN_FLIGHT = 16 * MiB
const dir = mkdtempSync(path.join(tmpdir(), 'compintel-held-'))
let port: number
let server: CliProcess
const open: RawClient[] = []

before(async () => {
  port = await freePort()
  server = await startServe(port, `sqlite:${path.join(dir, 'kb.sqlite')}`, KEY, {
    LOG_LEVEL: 'warn',
    BODY_LIMIT: String(5 * MiB), // POST /scan/direct: 5 MiB in all, each form field at most 4 MiB
    BODIES_IN_FLIGHT_MAX_MB: String(IN_FLIGHT / MiB),
  })
})
after(async () => {
  for (const c of open) c.close()
  server.child.kill('SIGTERM')
  await server.exited
  rmSync(dir, { recursive: true, force: true })
})

/** The server process's memory from /proc: resident now and its peak, in bytes. */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
  const kb = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1]) * 1024
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}

const chunk = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`
const field = (name: string) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`

/** POST /scan/direct, chunked: `fields` form fields of `bytes` each, sent in 256 KiB chunks; never the end. */
async function hold(fields: string[], bytes: number, declared?: number): Promise<RawClient> {
  const c = rawClient(port)
  open.push(c)
  await c.connected
  const length = declared === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${declared}`
  await c.write(
    `POST /scan/direct HTTP/1.1\r\nHost: x\r\nx-api-key: ${KEY}\r\n` +
      `Content-Type: multipart/form-data; boundary=B\r\n${length}\r\n\r\n`,
  )
  if (declared !== undefined) return c
  const piece = 'x'.repeat(256 * 1024)
  for (const [i, name] of fields.entries()) {
    await c.write(chunk(`${i > 0 ? '\r\n' : ''}${field(name)}`))
    for (let sent = 0; sent < bytes && !c.socket.destroyed; sent += piece.length) await c.write(chunk(piece))
  }
  return c
}

async function pressure(): Promise<{ body_bytes_in_flight: number; open_connections: number }> {
  const res = await fetch(`http://127.0.0.1:${port}/health`)
  assert.equal(res.status, 200)
  return ((await res.json()) as { pressure: { body_bytes_in_flight: number; open_connections: number } }).pressure
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await check()) return
    await sleep(100)
  }
  assert.fail(`timed out waiting for ${what}`)
}

const code = (body: string) => (JSON.parse(body) as { error: { code: string } }).error.code

test('over the per-request budget: 413 while the client still holds its upload', async () => {
  const declared = await hold([], 0, 50 * MiB)
  const early = await declared.answered
  assert.deepEqual([early.status, code(early.body)], [413, 'PAYLOAD_TOO_LARGE'], 'a declared length over it')
  // two fields of 3 MiB: each under the field limit (4 MiB), together over the request's 5 MiB
  const streamed = await hold(['assets', 'context'], 3 * MiB)
  const late = await streamed.answered
  assert.deepEqual([late.status, code(late.body)], [413, 'PAYLOAD_TOO_LARGE'])
  await streamed.closed // the rest is read and dropped, and the connection closed
  await until(async () => (await pressure()).body_bytes_in_flight === 0, 'the refused bytes released')
})

test('over the budget of all requests: 503 UPLOADS_BUSY + Retry-After at once, while others hold theirs', async () => {
  const held = [await hold(['assets'], 4 * MiB), await hold(['assets'], 4 * MiB), await hold(['assets'], 4 * MiB)]
  await until(async () => (await pressure()).body_bytes_in_flight >= 12 * MiB, 'three held uploads counted')
  const declared = await hold([], 0, 5 * MiB)
  const busy = await declared.answered
  assert.deepEqual([busy.status, code(busy.body), busy.headers['retry-after']], [503, 'UPLOADS_BUSY', '5'])
  const streamed = await hold(['assets'], 4 * MiB)
  const refused = await streamed.answered
  assert.deepEqual([refused.status, code(refused.body)], [503, 'UPLOADS_BUSY'])
  assert.ok((await pressure()).body_bytes_in_flight <= IN_FLIGHT)
  for (const c of held) assert.equal(c.socket.destroyed, false, 'the uploads within the budget are still held')
  for (const c of held) c.close()
  await until(async () => (await pressure()).body_bytes_in_flight === 0, 'the held bytes released')
})

test('many clients pushing 8 MiB each and holding: peak RSS stays bounded, and the server scans on', async () => {
  const before = memory()
  const clients = await Promise.all(Array.from({ length: 24 }, () => hold(['assets', 'context'], 4 * MiB)))
  const answers = await Promise.all(clients.map((c) => c.answered))
  const statuses = new Set(answers.map((a) => a.status))
  assert.ok(
    [...statuses].every((s) => s === 413 || s === 503),
    `answers ${[...statuses]}`,
  )
  for (const c of clients) c.close()
  await until(async () => (await pressure()).body_bytes_in_flight === 0, 'every byte released')
  const grew = memory().peak - before.rss
  console.log(`peak RSS ${(memory().peak / MiB).toFixed(0)} MiB, ${(grew / MiB).toFixed(0)} MiB over the idle server's`)
  // 24 × 8 MiB were sent at once; at most 16 MiB of bodies may be held (plus what parsing them costs)
  assert.ok(grew < 160 * MiB, `peak RSS grew by ${(grew / MiB).toFixed(0)} MiB`)
  const form = new FormData()
  form.append('file', new Blob(['file=8f45acf752b3ee6fd042d775301f7467,27,a.c\n']), 'request.wfp')
  const scan = await fetch(`http://127.0.0.1:${port}/scan/direct`, {
    method: 'POST',
    body: form,
    headers: { 'x-api-key': KEY },
  })
  assert.equal(scan.status, 200)
  assert.deepEqual(Object.keys((await scan.json()) as object), ['a.c'])
  assert.equal(server.child.exitCode, null)
})
