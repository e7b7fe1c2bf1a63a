// Released rulesets on disk: data/rulesets/<type>/<version>/{<type>-<version>.tar.gz, manifest.json} and
// data/rulesets/<type>/latest (a text file naming the latest version; a file, not a symlink, so that every checkout
// has it). The server loads every release once, verifying each archive against its manifest's checksum.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  RULESET_TYPES,
  type RulesetLookup,
  type RulesetManifest,
  type RulesetRelease,
  type RulesetReleases,
  type RulesetType,
} from '../../domain/rulesets/types.ts'
import { isReleaseVersion } from '../../domain/rulesets/version.ts'
import { archiveFileName, type ReleaseBuild, sha256Hex } from './release.ts'

export const RULESETS_STORE_DIR = fileURLToPath(new URL('../../../data/rulesets/', import.meta.url))

interface TypeIndex {
  latest: string | undefined
  versions: Map<string, RulesetRelease | 'corrupt'>
}

/** Every release of the given types under a store directory, read and verified once (on first use). */
export class RulesetStore implements RulesetReleases {
  private loading: Promise<Map<string, TypeIndex>> | undefined

  constructor(
    readonly dir = RULESETS_STORE_DIR,
    readonly types: readonly RulesetType[] = RULESET_TYPES,
  ) {}

  async lookup(type: string, version: string): Promise<RulesetLookup> {
    this.loading ??= this.load()
    const index = (await this.loading).get(type)
    const resolved = version === 'latest' ? index?.latest : version
    const entry = resolved === undefined ? undefined : index?.versions.get(resolved)
    if (entry === undefined) return { kind: 'not-found' }
    return entry === 'corrupt' ? { kind: 'corrupt' } : { kind: 'found', release: entry }
  }

  private async load(): Promise<Map<string, TypeIndex>> {
    const out = new Map<string, TypeIndex>()
    for (const type of this.types) {
      const typeDir = path.join(this.dir, type)
      const names = await readdir(typeDir).catch(() => [] as string[])
      const versions = new Map<string, RulesetRelease | 'corrupt'>()
      for (const v of names.filter(isReleaseVersion)) versions.set(v, await loadRelease(typeDir, type, v))
      const latest = (await readFile(path.join(typeDir, 'latest'), 'utf8').catch(() => '')).trim()
      out.set(type, { latest: versions.has(latest) ? latest : undefined, versions })
    }
    return out
  }
}

async function loadRelease(typeDir: string, type: RulesetType, version: string): Promise<RulesetRelease | 'corrupt'> {
  try {
    const dir = path.join(typeDir, version)
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as RulesetManifest
    return verified(type, version, manifest, await readFile(path.join(dir, archiveFileName(type, version))))
  } catch {
    return 'corrupt'
  }
}

/** The release when the manifest names it and carries the archive's checksum. */
function verified(type: RulesetType, version: string, manifest: RulesetManifest, archive: Buffer) {
  if (manifest.name !== type || manifest.version !== version) return 'corrupt'
  const checksum = sha256Hex(archive)
  if (typeof manifest.checksum_sha256 !== 'string' || manifest.checksum_sha256.toLowerCase() !== checksum)
    return 'corrupt'
  return { manifest, archive, checksum }
}

/** A type's latest release, read at once and verified (for the analyzers); throws when it is missing or corrupt. */
export function readLatestRelease(type: RulesetType, dir = RULESETS_STORE_DIR): RulesetRelease {
  const version = storedLatest(type, dir)
  const manifest = version === undefined ? undefined : storedManifest(type, version, dir)
  const archive = version === undefined ? undefined : storedArchive(type, version, dir)
  const release = version && manifest && archive ? verified(type, version, manifest, archive) : 'corrupt'
  if (release === 'corrupt') throw new Error(`${type}: no verified latest release in ${path.join(dir, type)}`)
  return release
}

// ---- writing releases (the `rulesets build` command) ----

export function storedManifest(
  type: RulesetType,
  version: string,
  dir = RULESETS_STORE_DIR,
): RulesetManifest | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, type, version, 'manifest.json'), 'utf8')) as RulesetManifest
  } catch {
    return undefined
  }
}

export function storedArchive(type: RulesetType, version: string, dir = RULESETS_STORE_DIR): Buffer | undefined {
  try {
    return readFileSync(path.join(dir, type, version, archiveFileName(type, version)))
  } catch {
    return undefined
  }
}

export function storedLatest(type: RulesetType, dir = RULESETS_STORE_DIR): string | undefined {
  try {
    const v = readFileSync(path.join(dir, type, 'latest'), 'utf8').trim()
    return isReleaseVersion(v) ? v : undefined
  } catch {
    return undefined
  }
}

export function writeRelease(type: RulesetType, build: ReleaseBuild, dir = RULESETS_STORE_DIR): void {
  const versionDir = path.join(dir, type, build.manifest.version)
  mkdirSync(versionDir, { recursive: true })
  writeFileSync(path.join(versionDir, build.fileName), build.archive)
  writeFileSync(path.join(versionDir, 'manifest.json'), `${JSON.stringify(build.storeManifest, null, 2)}\n`)
}

export function writeLatest(type: RulesetType, version: string, dir = RULESETS_STORE_DIR): void {
  mkdirSync(path.join(dir, type), { recursive: true })
  writeFileSync(path.join(dir, type, 'latest'), `${version}\n`)
}
