// A fixture npm registry on 127.0.0.1: packuments (with an ETag: a client's revalidation gets 304) and tarballs
// built from test/fixtures/npm, with switches for the failures ingestion must survive (transient 503s, a corrupted
// tarball, unpublished and vanished versions) and for timing work from the outside (a request held until released,
// packument requests that wait for each other).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as tar from 'tar'

const ROOT = fileURLToPath(new URL('../fixtures/npm', import.meta.url))

interface Built {
  manifest: Record<string, unknown>
  tgz: Buffer
}

export interface FixtureRegistry {
  url: string
  /** Requests seen, as "GET /path". */
  requests: string[]
  /** Packument requests answered 304 Not Modified (the client revalidated its cached copy with its ETag). */
  notModified: string[]
  /** The next `n` requests for paths containing `match` answer 503. */
  failNext(match: string, n: number): void
  /** Serve different bytes for this tarball than its integrity says. */
  corrupt(name: string, version: string): void
  /** Drop a version from the packument (as if unpublished), keeping its date in `time`. */
  unpublish(name: string, version: string): void
  /** Drop a version from the packument entirely, its date in `time` too, as if the registry never had it. */
  forget(name: string, version: string): void
  /** The next request whose path contains `match` gets no answer until release(); `arrived` says it came. */
  hold(match: string): Held
  /** The next `n` packument requests are answered only once all `n` have arrived (so `n` clients are mid-package). */
  gather(n: number): Promise<void>
  close(): Promise<void>
}

export interface Held {
  arrived: Promise<void>
  release(): void
}

export async function startFixtureRegistry(): Promise<FixtureRegistry> {
  const packages = new Map<string, Map<string, Built>>()
  for (const dir of readdirSync(ROOT, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const versions = new Map<string, Built>()
    for (const v of readdirSync(path.join(ROOT, dir.name)).sort()) {
      const cwd = path.join(ROOT, dir.name, v)
      const files = readdirSync(cwd, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => path.relative(cwd, path.join(f.parentPath, f.name)))
        .sort()
      const tgz = await pack(cwd, files)
      versions.set(v, { manifest: JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')), tgz })
    }
    packages.set(dir.name.replace('__', '/'), versions)
  }
  const failures: { match: string; left: number }[] = []
  const corrupted = new Set<string>()
  const unpublished = new Set<string>()
  const forgotten = new Set<string>()
  const requests: string[] = []
  const notModified: string[] = []
  const holds: { match: string; taken: boolean; arrive(): void; released: Promise<void>; release(): void }[] = []
  let gathering: { n: number; waiting: (() => void)[]; done(): void } | undefined
  let base = ''

  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '/')
    requests.push(`${req.method} ${url}`)
    const answer = () => respond(url, res, req.headers['if-none-match'])
    const held = holds.find((h) => !h.taken && url.includes(h.match))
    if (held) {
      held.taken = true
      held.arrive()
      return void held.released.then(answer)
    }
    if (gathering && !url.includes('/-/')) {
      const g = gathering
      g.waiting.push(answer)
      if (g.waiting.length < g.n) return
      gathering = undefined
      for (const go of g.waiting) go()
      return g.done()
    }
    answer()
  })

  function respond(url: string, res: http.ServerResponse, ifNoneMatch: string | undefined): void {
    if (res.destroyed) return // the client is gone (a killed process)
    const failure = failures.find((f) => f.left > 0 && url.includes(f.match))
    if (failure) {
      failure.left--
      res.writeHead(503).end('try again')
      return
    }
    const tarball = /^\/(.+)\/-\/[^/]+-(\d[^/]*)\.tgz$/.exec(url)
    if (tarball) {
      const built = packages.get(tarball[1] as string)?.get(tarball[2] as string)
      if (!built) return void res.writeHead(404).end('{"error":"not found"}')
      const body = corrupted.has(`${tarball[1]}@${tarball[2]}`)
        ? Buffer.concat([built.tgz, Buffer.from('x')])
        : built.tgz
      return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body)
    }
    const versions = packages.get(url.slice(1))
    if (!versions) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}')
    const body = JSON.stringify(packument(url.slice(1), versions))
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`
    if (ifNoneMatch === etag) {
      notModified.push(url)
      return void res.writeHead(304, { etag }).end()
    }
    res.writeHead(200, { 'content-type': 'application/json', etag }).end(body)
  }

  function packument(name: string, versions: Map<string, Built>) {
    const out: Record<string, unknown> = {}
    const time: Record<string, string> = { created: '2026-01-01T00:00:00.000Z', modified: '2026-06-01T00:00:00.000Z' }
    let day = 1
    for (const [v, b] of versions) {
      const date = `2026-0${Math.min(day++, 9)}-15T12:00:00.000Z`
      if (forgotten.has(`${name}@${v}`)) continue
      time[v] = date
      if (unpublished.has(`${name}@${v}`)) continue
      out[v] = {
        ...b.manifest,
        dist: {
          integrity: `sha512-${createHash('sha512').update(b.tgz).digest('base64')}`,
          shasum: createHash('sha1').update(b.tgz).digest('hex'),
          tarball: `${base}/${name}/-/${name.split('/').pop()}-${v}.tgz`,
        },
      }
    }
    const stable = [...versions.keys()].filter(
      (v) => !v.includes('-') && !unpublished.has(`${name}@${v}`) && !forgotten.has(`${name}@${v}`),
    )
    return { _id: name, name, 'dist-tags': { latest: stable.at(-1) }, versions: out, time }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${base}/`,
    requests,
    notModified,
    failNext: (match, n) => failures.push({ match, left: n }),
    corrupt: (name, version) => corrupted.add(`${name}@${version}`),
    unpublish: (name, version) => unpublished.add(`${name}@${version}`),
    forget: (name, version) => forgotten.add(`${name}@${version}`),
    hold: (match) => {
      let arrive = () => {}
      let release = () => {}
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve
      })
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      holds.push({ match, taken: false, arrive, released, release })
      return { arrived, release }
    },
    gather: (n) =>
      new Promise<void>((done) => {
        gathering = { n, waiting: [], done }
      }),
    close: () => {
      for (const h of holds) h.release()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      return closed
    },
  }
}

/** A reproducible npm-style tarball: every file under `package/`, fixed dates and modes. */
async function pack(cwd: string, files: string[]): Promise<Buffer> {
  const chunks: Buffer[] = []
  const stream = tar.c(
    { gzip: true, cwd, prefix: 'package', portable: true, mtime: new Date('1985-10-26T08:15:00Z') },
    files,
  )
  for await (const c of stream) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}
