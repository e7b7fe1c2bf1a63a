// Which crate registry the user configured, read as Cargo reads it (the Cargo book, "Configuration", "Source
// replacement", "Registries", "Registry authentication"): $CARGO_HOME (default ~/.cargo) `config.toml` (or `config`,
// which Cargo prefers when both exist); the crates-io source followed through `[source.<name>] replace-with` to a
// `[source.<name>] registry = "sparse+https://…"` or a `[registries.<name>] index`, CARGO_REGISTRIES_<NAME>_INDEX over
// the file; compintel's CARGO_INDEX_URL (config/growth.ts) over all of it. The token comes from
// CARGO_REGISTRIES_<NAME>_TOKEN, else credentials.toml (or `credentials`) `[registries.<name>] token`, else
// config.toml's; for crates-io itself CARGO_REGISTRY_TOKEN and `[registry] token`. It is held as a Credential (never
// printed). Only sparse indexes are read: a git index, a local registry or a directory source is no registry here.
import path from 'node:path'
import { parse } from 'smol-toml'
import { PermanentError } from '../../../ingest/failure.ts'
import { configuredHttpUrl, type ReadConfigFile } from '../../../ingest/outbound/config-files.ts'
import { Credential } from '../../../ingest/outbound/credential.ts'

export interface CargoRegistry {
  /** The sparse index's URL without its `sparse+` prefix, ending in `/`. */
  index: string
  /** The registry's name in the configuration (`crates-io` when CARGO_INDEX_URL names none of them). */
  name: string
  credential: Credential | undefined
  /** Where the index was configured: a setting's or variable's name, or a configuration file. */
  from: string
}

type Table = Record<string, unknown>
const MAX_REPLACEMENTS = 8

/** The registry the crates-io source resolves to, or undefined when none is configured (the source uses Debian). */
export function cargoRegistryFromConfig(
  env: Record<string, string | undefined>,
  files: ReadConfigFile,
  setting?: string,
): CargoRegistry | undefined {
  const home = env.CARGO_HOME || (env.HOME ? path.join(env.HOME, '.cargo') : undefined)
  const config = home ? tomlFile(files, path.join(home, 'config'), path.join(home, 'config.toml')) : undefined
  const credentials = home
    ? tomlFile(files, path.join(home, 'credentials'), path.join(home, 'credentials.toml'))
    : undefined
  const registries = table(config?.toml.registries)
  const indexOf = (name: string): { url: string; from: string } | undefined => {
    const fromEnv = env[`CARGO_REGISTRIES_${envName(name)}_INDEX`]
    if (fromEnv) return { url: fromEnv, from: `CARGO_REGISTRIES_${envName(name)}_INDEX` }
    const index = table(registries[name]).index
    return typeof index === 'string' ? { url: index, from: `${config?.file} [registries.${name}]` } : undefined
  }
  const named = (url: string) =>
    Object.keys({ ...registries, ...envRegistries(env) }).find((n) => sameIndex(indexOf(n)?.url, url))

  let found: { url: string; from: string; name: string } | undefined
  if (setting) found = { url: setting, from: 'CARGO_INDEX_URL', name: named(setting) ?? 'crates-io' }
  else {
    const sources = table(config?.toml.source)
    let name = 'crates-io'
    for (let hop = 0; hop <= MAX_REPLACEMENTS && !found; hop++) {
      const source = table(sources[name])
      const next = source['replace-with']
      if (typeof source.registry === 'string') {
        const url = source.registry
        found = { url, from: `${config?.file} [source.${name}]`, name: named(url) ?? name }
      } else if (typeof next === 'string') name = next
      else if (name !== 'crates-io' && indexOf(name))
        found = { ...(indexOf(name) as { url: string; from: string }), name }
      else return undefined // crates-io itself (compintel names no registry), or a local or directory source
    }
  }
  if (!found) throw new PermanentError(`${config?.file}: more than ${MAX_REPLACEMENTS} source replacements`)
  const index = sparseUrl(found.url, found.from)
  if (!index) return undefined
  return {
    index,
    name: found.name,
    credential: token(found.name, env, config?.toml, credentials?.toml),
    from: found.from,
  }
}

/** `sparse+https://…` (or, from CARGO_INDEX_URL, a plain http(s) URL) → the index URL ending in `/`; a git index: undefined. */
function sparseUrl(raw: string, from: string): string | undefined {
  const plain = from === 'CARGO_INDEX_URL' ? raw.replace(/^sparse\+/, '') : /^sparse\+(.*)$/.exec(raw)?.[1]
  if (plain === undefined) return undefined
  const url = configuredHttpUrl(plain, from, 'sparse indexes')
  if (url.username || url.password) throw new PermanentError(`${from}: credentials go in a token, not in the URL`)
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  return url.href
}

function token(name: string, env: Record<string, string | undefined>, config?: Table, credentials?: Table) {
  const fromEnv = name === 'crates-io' ? env.CARGO_REGISTRY_TOKEN : env[`CARGO_REGISTRIES_${envName(name)}_TOKEN`]
  const inFile = (t: Table | undefined) =>
    name === 'crates-io' ? table(t?.registry).token : table(table(t?.registries)[name]).token
  const value = fromEnv || inFile(credentials) || inFile(config)
  return typeof value === 'string' && value !== '' ? Credential.raw(value) : undefined
}

/** Cargo's environment name of a registry: upper case, `-` as `_`. */
function envName(name: string): string {
  return name.toUpperCase().replace(/-/g, '_')
}

/** Registries named only in the environment (CARGO_REGISTRIES_<NAME>_INDEX), lower-cased as Cargo names them. */
function envRegistries(env: Record<string, string | undefined>): Table {
  const out: Table = {}
  for (const k of Object.keys(env)) {
    const m = /^CARGO_REGISTRIES_([A-Z0-9_]+)_INDEX$/.exec(k)
    if (m) out[(m[1] as string).toLowerCase().replace(/_/g, '-')] = {}
  }
  return out
}

function sameIndex(a: string | undefined, b: string): boolean {
  const norm = (u: string) => u.replace(/^sparse\+/, '').replace(/\/?$/, '/')
  return a !== undefined && norm(a) === norm(b)
}

/** The first of `paths` that exists, parsed (Cargo reads the extension-less name when both exist). */
function tomlFile(files: ReadConfigFile, ...paths: string[]): { file: string; toml: Table } | undefined {
  for (const file of paths) {
    const text = files(file)
    if (text === undefined) continue
    try {
      return { file, toml: parse(text) as Table }
    } catch (err) {
      throw new PermanentError(`${file} is not TOML: ${(err as Error).message.split('\n')[0]}`)
    }
  }
  return undefined
}

function table(v: unknown): Table {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : {}
}
