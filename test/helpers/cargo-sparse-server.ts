// A FIXTURE Cargo sparse index on 127.0.0.1: the crates of test/fixtures/cargo-index (real crate folders from
// Debian's librust-*-dev packages) served under `/index/` as the Cargo book's "Registry index" lays it out —
// `config.json`, each crate's index file at its prefix path with one line built from its Cargo.toml the way a
// registry builds it at publish time (ETag and 304) — and each `.crate` (a gzip tar under `<name>-<version>/`) at the
// `dl` URL. Made up (FIXTURE): the switches below.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'
import { type FixtureServer, packFiles, sendDocument, sha256, startFixtureServer } from './index-fixtures.ts'

const DIR = path.join(import.meta.dirname, '..', 'fixtures', 'cargo-index')

export interface CargoSwitches {
  /** config.json says auth-required, and every request needs this Authorization header (else 401). */
  requireToken: string | undefined
  /** The versions yanked. */
  yanked: Set<string>
  /** The .crate's bytes differ from the index's cksum. */
  corrupt: boolean
  /** config.json's `dl` (default: `<origin>/api/v1/crates`, Cargo then appends `/{crate}/{version}/download`). */
  dl: string | undefined
}

export interface CargoSparseServer extends FixtureServer {
  /** The index URL as a user configures it, with Cargo's `sparse+` prefix. */
  indexUrl: string
  switches: CargoSwitches
  /** The crates served: name → version → .crate bytes. */
  crates: Map<string, { version: string; crate: Buffer; line: Record<string, unknown> }>
}

type Table = Record<string, unknown>

export async function startCargoSparseServer(): Promise<CargoSparseServer> {
  const crates: CargoSparseServer['crates'] = new Map()
  for (const folder of readdirSync(DIR).filter((n) => !n.endsWith('.md'))) {
    const files = readdirSync(path.join(DIR, folder), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(path.join(DIR, folder), path.join(e.parentPath, e.name)))
      .sort()
    const crate = await packFiles(path.join(DIR, folder), files, folder)
    const manifest = parse(readFileSync(path.join(DIR, folder, 'Cargo.toml'), 'utf8')) as Table
    const pkg = manifest.package as Table
    crates.set(String(pkg.name), { version: String(pkg.version), crate, line: indexLine(manifest, sha256(crate)) })
  }
  const switches: CargoSwitches = { requireToken: undefined, yanked: new Set(), corrupt: false, dl: undefined }
  const server = await startFixtureServer((req, res) => {
    if (switches.requireToken && req.headers.authorization !== switches.requireToken) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('FIXTURE: a token is required')
      return true
    }
    const url = req.url ?? ''
    if (url === '/index/config.json') {
      const config = {
        dl: switches.dl ?? `${server.origin}/api/v1/crates`,
        api: server.origin,
        ...(switches.requireToken ? { 'auth-required': true } : {}),
      }
      sendDocument(req, res, 'application/json', JSON.stringify(config))
      return true
    }
    for (const [name, c] of crates) {
      const lower = name.toLowerCase()
      const prefix =
        lower.length <= 2
          ? `${lower.length}`
          : lower.length === 3
            ? `3/${lower[0]}`
            : `${lower.slice(0, 2)}/${lower.slice(2, 4)}`
      if (url === `/index/${prefix}/${lower}`) {
        const line = { ...c.line, yanked: switches.yanked.has(c.version) }
        sendDocument(req, res, 'text/plain', `${JSON.stringify(line)}\n`)
        return true
      }
      if (
        url === `/api/v1/crates/${name}/${c.version}/download` ||
        url === `/dl/${prefix}/${name}-${c.version}.crate`
      ) {
        const body = switches.corrupt ? Buffer.concat([c.crate, Buffer.alloc(1)]) : c.crate
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length }).end(body)
        return true
      }
    }
    return false
  })
  return { ...server, indexUrl: `sparse+${server.origin}/index/`, switches, crates }
}

/** A manifest's index line (schema 2) as a registry writes it on publish: each dependency table flattened. */
function indexLine(manifest: Table, cksum: string): Record<string, unknown> {
  const pkg = manifest.package as Table
  const deps: Table[] = []
  const add = (table: unknown, kind: string, target: string | null) => {
    for (const [name, spec] of Object.entries((table as Table | undefined) ?? {})) {
      const s = (typeof spec === 'string' ? { version: spec } : spec) as Table
      deps.push({
        name,
        req: /^[\d]/.test(String(s.version)) ? `^${s.version}` : String(s.version ?? '*'),
        features: s.features ?? [],
        optional: s.optional === true,
        default_features: s['default-features'] !== false,
        target,
        kind,
        ...(s.package ? { package: s.package } : {}),
      })
    }
  }
  for (const [key, kind] of [
    ['dependencies', 'normal'],
    ['dev-dependencies', 'dev'],
    ['build-dependencies', 'build'],
  ])
    add(manifest[key as string], kind as string, null)
  for (const [target, t] of Object.entries((manifest.target as Table | undefined) ?? {}))
    for (const [key, kind] of [
      ['dependencies', 'normal'],
      ['dev-dependencies', 'dev'],
      ['build-dependencies', 'build'],
    ])
      add((t as Table)[key as string], kind as string, target)
  return {
    name: pkg.name,
    vers: pkg.version,
    deps,
    cksum,
    features: manifest.features ?? {},
    yanked: false,
    links: pkg.links ?? null,
    ...(pkg['rust-version'] ? { rust_version: pkg['rust-version'] } : {}),
    v: 2,
  }
}
