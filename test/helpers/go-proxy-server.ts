// A FIXTURE Go module proxy on 127.0.0.1 speaking the GOPROXY protocol (the Go modules reference, "GOPROXY protocol")
// under `/proxy/`: for each module of test/fixtures/go-proxy (real files from Debian's golang-*-dev packages, in
// folders named `<module>@<version>`), `<module>/@v/list`, `@v/<version>.info`, `.mod`, `.zip` and `<module>/@latest`,
// the module path and version case-encoded in the URLs (`!` and the lower-case letter, `!` percent-encoded or not) as
// proxies spell them. The
// zip holds the folder's files under `<module>@<version>/`, as the go command lays a module zip out; the `.mod` is the
// folder's go.mod, or `module <path>` for a module without one (as the go command synthesizes it). Made up (FIXTURE):
// the `.info` times and the switches below.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type FixtureServer, sendDocument, startFixtureServer } from './index-fixtures.ts'
import { zipBytes } from './zip.ts'

const DIR = path.join(import.meta.dirname, '..', 'fixtures', 'go-proxy')
/** FIXTURE license files added at a module's root when asked (README there: from Debian's copyright files). */
const LICENSES = path.join(import.meta.dirname, '..', 'fixtures', 'go-proxy-licenses')
/** FIXTURE: the date of the Debian package's files, not the tag's. */
const TIMES: Record<string, string> = {
  'github.com/pkg/errors@v0.9.1': '2021-08-28T13:24:21Z',
  'github.com/BurntSushi/toml@v1.2.0': '2022-08-21T05:51:00Z',
}

export interface GoModuleFixture {
  module: string
  version: string
  /** The files as the fixture folder holds them (name relative to the module root → bytes). */
  files: Map<string, Buffer>
  mod: Buffer
  zip: Buffer
  time: string
}

export interface GoProxySwitches {
  /** The modules this proxy holds (default: all); the others answer 404. */
  only: Set<string> | undefined
  /** Every request is answered with this status (a broken proxy). */
  status: number | undefined
  /** Requests without this Authorization header get 401. */
  requireAuth: string | undefined
  /** Each zip served with one byte of its first file's data changed (its CRC-32 no longer matches). */
  corruptZip: boolean
}

export interface GoProxyServer extends FixtureServer {
  /** The proxy's base URL as a user puts it in GOPROXY. */
  url: string
  modules: GoModuleFixture[]
  switches: GoProxySwitches
}

/** A proxy's spelling of a module path or version: each upper-case letter as `!` and its lower case. */
export const caseEncode = (s: string): string => s.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`)

/** The modules of test/fixtures/go-proxy; `licenses`: with test/fixtures/go-proxy-licenses' files added. */
export function goModuleFixtures(o: { licenses?: boolean } = {}): GoModuleFixture[] {
  const out: GoModuleFixture[] = []
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(DIR, rel), { withFileTypes: true })) {
      if (!e.isDirectory()) continue
      const sub = rel ? `${rel}/${e.name}` : e.name
      const at = e.name.indexOf('@')
      if (at < 0) {
        walk(sub)
        continue
      }
      const module = `${rel}/${e.name.slice(0, at)}`
      const version = e.name.slice(at + 1)
      const files = new Map<string, Buffer>()
      for (const f of readdirSync(path.join(DIR, sub)).sort()) files.set(f, readFileSync(path.join(DIR, sub, f)))
      const extra = path.join(LICENSES, sub)
      if (o.licenses && existsSync(extra))
        for (const f of readdirSync(extra).sort()) files.set(f, readFileSync(path.join(extra, f)))
      const prefix = `${module}@${version}/`
      out.push({
        module,
        version,
        files,
        mod: files.get('go.mod') ?? Buffer.from(`module ${module}\n`),
        zip: zipBytes([...files].map(([name, data]) => ({ name: `${prefix}${name}`, data }))),
        time: TIMES[`${module}@${version}`] ?? '2020-01-01T00:00:00Z',
      })
    }
  }
  walk('')
  return out
}

export async function startGoProxyServer(o: { licenses?: boolean } = {}): Promise<GoProxyServer> {
  const modules = goModuleFixtures(o)
  const switches: GoProxySwitches = { only: undefined, status: undefined, requireAuth: undefined, corruptZip: false }
  const server = await startFixtureServer((req, res) => {
    if (switches.status) {
      res.writeHead(switches.status, { 'content-type': 'text/plain' }).end('FIXTURE: a broken proxy')
      return true
    }
    if (switches.requireAuth && req.headers.authorization !== switches.requireAuth) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="fixture"' }).end()
      return true
    }
    const url = decodeURIComponent(req.url ?? '') // the go command sends `!` as %21
    for (const m of modules) {
      if (switches.only && !switches.only.has(m.module)) continue
      const base = `/proxy/${caseEncode(m.module)}/`
      if (!url.startsWith(base)) continue
      const info = JSON.stringify({ Version: m.version, Time: m.time })
      const tail = url.slice(base.length)
      const v = `@v/${caseEncode(m.version)}`
      if (tail === '@v/list') sendDocument(req, res, 'text/plain; charset=UTF-8', `${m.version}\n`)
      else if (tail === '@latest' || tail === `${v}.info`) sendDocument(req, res, 'application/json', info)
      else if (tail === `${v}.mod`) sendDocument(req, res, 'text/plain; charset=UTF-8', m.mod.toString('utf8'))
      else if (tail === `${v}.zip`) {
        const zip = switches.corruptZip ? corrupt(m.zip) : m.zip
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length }).end(zip)
      } else continue
      return true
    }
    return false
  })
  return { ...server, url: `${server.origin}/proxy`, modules, switches }
}

/** The zip with the first byte of its first entry's data changed (after the local header and the name). */
function corrupt(zip: Buffer): Buffer {
  const out = Buffer.from(zip)
  const at = 30 + out.readUInt16LE(26) + out.readUInt16LE(28)
  out[at] = (out[at] ?? 0) ^ 0xff
  return out
}
