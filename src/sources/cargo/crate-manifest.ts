// A crate's Cargo.toml as published (docs/cargo.md): `cargo publish` writes it normalized (every field literal, no
// `workspace = true`), and Debian ships it so under usr/share/cargo/registry/<crate>-<version>/. What the KB keeps of
// it: the `[package]` fields below, and the manifest itself, whose dependency tables ([dependencies],
// [dev-dependencies], [build-dependencies], [target.<cfg>.…]) the dependency mapping reads. Anything else in the
// file is not read; a manifest without a name or version, or one that is not TOML, is refused.
import { parse } from 'smol-toml'
import { UpstreamRefused } from '../../ingest/failure.ts'

/** Far above real manifests (the largest published ones are tens of kilobytes). */
export const MAX_MANIFEST_BYTES = 1024 * 1024

export interface CrateManifest {
  name: string
  version: string
  /** `license`: an SPDX expression (`/` as OR in old crates: `MIT/Apache-2.0`). */
  license: string | null
  /** `license-file`: the file holding a license that is not SPDX's. */
  licenseFile: string | null
  description: string | null
  homepage: string | null
  repository: string | null
  /** `rust-version`: the oldest Rust the crate builds with. */
  rustVersion: string | null
  edition: string | null
  /** The whole manifest as parsed (its dependency tables, features, targets). */
  tables: Record<string, unknown>
}

export function parseCrateManifest(text: string): CrateManifest {
  if (Buffer.byteLength(text) > MAX_MANIFEST_BYTES)
    throw new UpstreamRefused('size', `Cargo.toml larger than ${MAX_MANIFEST_BYTES} bytes`)
  let tables: Record<string, unknown>
  try {
    tables = parse(text) as Record<string, unknown>
  } catch (err) {
    throw new UpstreamRefused('format', `Cargo.toml is not TOML: ${(err as Error).message.split('\n')[0]}`)
  }
  const pkg = tables.package
  if (!isTable(pkg)) throw new UpstreamRefused('format', 'Cargo.toml has no [package] table')
  const name = pkg.name
  const version = pkg.version
  if (typeof name !== 'string' || typeof version !== 'string')
    throw new UpstreamRefused('format', 'Cargo.toml names no package name and version')
  return {
    name,
    version,
    license: text1(pkg.license),
    licenseFile: text1(pkg['license-file']),
    description: text1(pkg.description),
    homepage: text1(pkg.homepage),
    repository: text1(pkg.repository),
    rustVersion: text1(pkg['rust-version']),
    edition: text1(pkg.edition),
    tables,
  }
}

/** A string field, trimmed; anything else (absent, a table, a number) is none. */
function text1(x: unknown): string | null {
  return typeof x === 'string' && x.trim() !== '' ? x.trim() : null
}

export function isTable(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}
