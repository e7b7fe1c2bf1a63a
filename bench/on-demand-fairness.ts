// Fair queueing (docs/kb-growth.md "Bounds and fairness"): how long a second caller waits for one unknown npm package
// while a first caller's backlog of unknown packages is queued. The server's on-demand runtime (start.ts: its worker,
// artifact threads and the port the routes call) runs in this process over an empty SQLite KB, against a local
// registry on 127.0.0.1 serving generated packages (one version each, `--files` JavaScript files of about 2 KB).
//
//   node --import ./bin/register-ts.js bench/on-demand-fairness.ts [--backlog 300] [--files 20] [--concurrency 2]

import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { createGzip } from 'node:zlib'
import { sql } from 'kysely'
import * as tar from 'tar'
import { createRuntime } from '../src/app/runtime.ts'
import { parseConfig } from '../src/config/config.ts'
import type { LearnRequest } from '../src/domain/on-demand/types.ts'

const NAME = (i: number) => `fairness-package-${i}`

/** A package's tarball: package.json and `files` modules, different per package (no two share a file's hash). */
async function tarball(name: string, files: number): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-fair-pkg-'))
  try {
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', license: 'MIT' }))
    const names = ['package.json']
    for (let f = 0; f < files; f++) {
      const body = Array.from(
        { length: 40 },
        (_, l) => `export function ${name.replaceAll('-', '_')}_${f}_${l}(a, b) { return a * ${l} + b - ${f} }`,
      )
      writeFileSync(path.join(dir, `m${f}.js`), `// ${name} module ${f}\n${body.join('\n')}\n`)
      names.push(`m${f}.js`)
    }
    const chunks: Buffer[] = []
    const stream = tar.c({ cwd: dir, prefix: 'package', portable: true, mtime: new Date('2026-01-01') }, names)
    for await (const c of stream.pipe(createGzip())) chunks.push(c as Buffer)
    return Buffer.concat(chunks)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function registry(count: number, files: number): Promise<{ url: string; close(): Promise<void> }> {
  const tgz = new Map<string, Buffer>()
  for (let i = 0; i < count; i++) tgz.set(NAME(i), await tarball(NAME(i), files))
  let base = ''
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '/')
    const file = /^\/([^/]+)\/-\/[^/]+\.tgz$/.exec(url)
    const body = tgz.get(file ? (file[1] as string) : url.slice(1))
    if (!body) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}')
    if (file) return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body)
    const name = url.slice(1)
    const dist = {
      integrity: `sha512-${createHash('sha512').update(body).digest('base64')}`,
      shasum: createHash('sha1').update(body).digest('hex'),
      tarball: `${base}/${name}/-/${name}-1.0.0.tgz`,
    }
    const packument = {
      _id: name,
      name,
      'dist-tags': { latest: '1.0.0' },
      versions: { '1.0.0': { name, version: '1.0.0', license: 'MIT', dist } },
      time: {
        created: '2026-01-01T00:00:00.000Z',
        modified: '2026-01-01T00:00:00.000Z',
        '1.0.0': '2026-01-01T00:00:00.000Z',
      },
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(packument))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${base}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const npm = (name: string): LearnRequest => ({ source: 'npm', name, asked: [''], need: 'analysis' })

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      backlog: { type: 'string', default: '300' },
      files: { type: 'string', default: '20' },
      concurrency: { type: 'string', default: '2' },
    },
  })
  const backlog = Number(values.backlog)
  const reg = await registry(backlog + 1, Number(values.files))
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-fair-kb-'))
  const config = parseConfig({
    DATABASE_URL: `sqlite:${path.join(dir, 'kb.sqlite')}`,
    ON_DEMAND: 'analyze',
    ON_DEMAND_CONCURRENCY: values.concurrency,
    ON_DEMAND_WAIT_MS: '60000', // the most a request may wait: an answer after it says 'pending'
    ON_DEMAND_PER_KEY_PER_MINUTE: '1000000', // the first caller queues its whole backlog at once
  })
  const quiet = { info: () => {}, warn: () => {}, error: (o: object, m: string) => console.error(m, o) }
  const runtime = await createRuntime(config, {
    onDemand: true,
    registry: { registry: reg.url, cache: path.join(dir, 'cache') },
    log: quiet,
  })
  const { storage, onDemand } = runtime
  if (!onDemand) throw new Error('on-demand is off')
  /** The first caller's units done so far. */
  const done = async () =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from ingest_queue
          where state = 'done' and name <> ${NAME(backlog)}`.execute(storage.db)
      ).rows[0]?.n ?? 0,
    )
  try {
    const names = Array.from({ length: backlog }, (_, i) => NAME(i))
    await onDemand.service.learn(names.map(npm), 'key:first', 0) // queued, not waited for
    await sleep(2000) // the worker is well into the first caller's backlog
    const before = await done()
    const t = Date.now()
    const answer = await onDemand.service.learn([npm(NAME(backlog))], 'key:second')
    const waited = Date.now() - t
    console.log(
      `${backlog} units of a first caller queued (${values.files} files each, on-demand concurrency ${values.concurrency}): ` +
        `the second caller's one package ${answer.get(`npm:${NAME(backlog)}`)?.state} in ${(waited / 1000).toFixed(2)} s; ` +
        `meanwhile ${(await done()) - before} of the first caller's units done (${before} before it asked)`,
    )
    const drainStart = Date.now()
    while ((await done()) < backlog && Date.now() - drainStart < 600_000) await sleep(200)
    const rate = (await done()) / ((Date.now() - t + 2000) / 1000)
    console.log(`the first caller's ${await done()} units done, about ${rate.toFixed(1)} units/s`)
  } finally {
    await runtime.close()
    await reg.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1]?.endsWith('on-demand-fairness.ts')) await main()
