// The facts a `.crate` gives and its index line does not (the Cargo book, "The manifest format"): the `[package]`
// table of the normalised Cargo.toml that `cargo package` writes at the crate's root — license (an SPDX expression;
// older crates write `MIT/Apache-2.0`), license-file, description, homepage, repository, documentation, rust-version.
// Its name and version must be the crate's asked for.
import { parse } from 'smol-toml'
import { type DeclaredLicense, normaliseDeclaredLicense } from '../../../ingest/analyzers/declared-license.ts'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'
import { sameCrate } from './index-file.ts'

export interface CrateManifest {
  name: string
  version: string
  license: DeclaredLicense | null
  /** The file named by `license-file` (a crate without an SPDX license), path inside the crate. */
  licenseFile: string | null
  description: string | null
  homepageUrl: string | null
  repositoryUrl: string | null
  documentationUrl: string | null
  rustVersion: string | null
}

/** Cargo.toml's text from the `.crate` of `crate` `version`. */
export function parseCrateManifest(text: string, crate: string, version: string): CrateManifest {
  let doc: Record<string, unknown>
  try {
    doc = parse(text) as Record<string, unknown>
  } catch (err) {
    throw refuse('format', crate, version, `not TOML: ${excerpt((err as Error).message.split('\n')[0] ?? '', 120)}`)
  }
  const p = doc.package ?? doc.project // `[project]`: the table's name before Cargo 1.0
  if (!p || typeof p !== 'object') throw refuse('format', crate, version, 'no [package] table')
  const pkg = p as Record<string, unknown>
  if (typeof pkg.name !== 'string' || !sameCrate(pkg.name, crate))
    throw refuse(
      'identity',
      crate,
      version,
      `it names ${typeof pkg.name === 'string' ? `"${excerpt(pkg.name, 64)}"` : 'none'}`,
    )
  if (pkg.version !== version)
    throw refuse('identity', crate, version, `its version is "${excerpt(String(pkg.version), 40)}"`)
  const license = str(pkg.license)
  return {
    name: pkg.name,
    version,
    license: license ? normaliseDeclaredLicense(license) : null,
    licenseFile: str(pkg['license-file']),
    description: str(pkg.description),
    homepageUrl: url(pkg.homepage),
    repositoryUrl: url(pkg.repository),
    documentationUrl: url(pkg.documentation),
    rustVersion: str(pkg['rust-version']),
  }
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null
}

function url(v: unknown): string | null {
  const s = str(v)
  return s && /^https?:\/\//.test(s) ? s : null
}

function refuse(kind: 'format' | 'identity', crate: string, version: string, why: string): UpstreamRefused {
  return new UpstreamRefused(kind, `the Cargo.toml of ${excerpt(crate, 64)} ${excerpt(version, 40)} refused: ${why}`)
}
