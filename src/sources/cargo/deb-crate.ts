// A crate as a Debian `librust-*-dev` package ships it (docs/cargo.md): the whole crate under
// usr/share/cargo/registry/<crate>-<version>/, with its Cargo.toml and .cargo-checksum.json. Only that folder is
// unpacked from the .deb (regular files and folders, bounded in bytes and entries: a package is outside data), into a
// folder of the caller's; the checksum's files are verified, then the identity: the manifest names the crate asked
// (up to case and `-`/`_`) at the version of its folder. Debian's own additions (debian/patches/, the checksum file)
// are not the crate's files, and are left out of what is walked.
import { spawn } from 'node:child_process'
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { type ReadEntry, Unpack } from 'tar'
import { nameProblem, versionProblem } from '../../domain/kb/ecosystem-rules.ts'
import { crateKey } from '../../domain/shared/purl.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import { UpstreamRefused } from '../../ingest/failure.ts'
import type { WalkResult } from '../../ingest/tarball-walk.ts'
import type { Walker } from '../debian/deb-file.ts'
import { type CargoChecksum, MAX_CHECKSUM_BYTES, parseCargoChecksum, verifyCrateFiles } from './cargo-checksum.ts'
import { type CrateManifest, MAX_MANIFEST_BYTES, parseCrateManifest } from './crate-manifest.ts'

const REGISTRY = 'usr/share/cargo/registry'
const CHECKSUM_FILE = '.cargo-checksum.json'
/** Debian's own files in the folder: its patches of the crate. */
const DEBIAN_DIR = 'debian'
const MAX_ENTRIES = 50_000

export interface DebCrate {
  manifest: CrateManifest
  checksum: CargoChecksum
  /** Where the package installs it: usr/share/cargo/registry/<crate>-<version>. */
  registryPath: string
  /** The unpacked folder. */
  dir: string
  /** The crate's files (paths in the folder, Debian's additions aside), and their bytes. */
  files: string[]
  bytes: number
  /** Debian's patches of the crate's files (debian/patches/series), none when it ships none. */
  patches: string[]
}

/** The crate's folders in the .deb (one, usually), unpacked under `into` and read. */
export async function readDebCrates(
  debFile: string,
  crate: string,
  into: string,
  maxBytes: number,
): Promise<DebCrate[]> {
  await unpackDebPaths(debFile, into, maxBytes, [`${REGISTRY}/`])
  const root = path.join(into, REGISTRY)
  if (!existsSync(root)) return []
  const out: DebCrate[] = []
  for (const folder of readdirSync(root).sort()) {
    const version = versionOfFolder(folder, crate)
    if (version !== undefined)
      out.push(await readFolder(path.join(root, folder), `${REGISTRY}/${folder}`, crate, version))
  }
  return out
}

/** The version in a folder named `<crate>-<version>` for this crate (its name up to case and `-`/`_`). */
export function versionOfFolder(folder: string, crate: string): string | undefined {
  const head = folder.slice(0, crate.length)
  if (crateKey(head) !== crateKey(crate) || folder[crate.length] !== '-') return undefined
  const version = folder.slice(crate.length + 1)
  return versionProblem('cargo', version) === undefined ? version : undefined
}

async function readFolder(dir: string, registryPath: string, crate: string, version: string): Promise<DebCrate> {
  const all = listFiles(dir)
  const checksumText = all.includes(CHECKSUM_FILE)
    ? readBounded(path.join(dir, CHECKSUM_FILE), MAX_CHECKSUM_BYTES)
    : '{}'
  const checksum = parseCargoChecksum(checksumText)
  const files = all.filter((f) => f !== CHECKSUM_FILE && !f.startsWith(`${DEBIAN_DIR}/`))
  await verifyCrateFiles(dir, files, checksum)
  if (!files.includes('Cargo.toml')) throw new UpstreamRefused('format', `${registryPath} has no Cargo.toml`)
  const manifest = parseCrateManifest(readBounded(path.join(dir, 'Cargo.toml'), MAX_MANIFEST_BYTES))
  const problem = nameProblem('cargo', manifest.name)
  if (problem || crateKey(manifest.name) !== crateKey(crate))
    throw new UpstreamRefused(
      'identity',
      `${registryPath}/Cargo.toml names ${JSON.stringify(manifest.name)}, not ${crate}`,
    )
  // Debian names the folder without the version's build metadata (libgit2-sys-0.14.1 holds 0.14.1+1.5.0), which
  // SemVer precedence ignores: the crate's version is its manifest's
  if (withoutBuild(manifest.version) !== withoutBuild(version))
    throw new UpstreamRefused(
      'identity',
      `${registryPath}/Cargo.toml is of version ${JSON.stringify(manifest.version)}`,
    )
  const series = path.join(dir, DEBIAN_DIR, 'patches', 'series')
  const patches = all.includes(`${DEBIAN_DIR}/patches/series`)
    ? readBounded(series, 64 * 1024)
        .split('\n')
        .map((l) => l.replace(/#.*/, '').trim())
        .filter((l) => l !== '')
    : []
  const bytes = files.reduce((n, f) => n + lstatSync(path.join(dir, f)).size, 0)
  return { manifest, checksum, registryPath, dir, files, bytes, patches }
}

function withoutBuild(version: string): string {
  return version.replace(/\+.*$/, '')
}

/** The crate's files through the analyzers, as the .crate holds them (paths in the folder). */
export function walkCrate(c: DebCrate, analyzers: readonly Analyzer<unknown>[], walker: Walker): Promise<WalkResult> {
  return walker('tar', ['-c', '-C', c.dir, `--exclude=./${CHECKSUM_FILE}`, `--exclude=./${DEBIAN_DIR}`, '.'], analyzers)
}

/**
 * Unpacks the .deb's files under these folders (regular files and folders only) into `into`, refusing more than
 * maxBytes; a symbolic link there is not written but handed to `onLink` (its path and target, as the package has them).
 */
export async function unpackDebPaths(
  debFile: string,
  into: string,
  maxBytes: number,
  prefixes: readonly string[],
  onLink: (path: string, target: string) => void = () => {},
): Promise<void> {
  const child = spawn('dpkg-deb', ['--fsys-tarfile', debFile], { stdio: ['ignore', 'pipe', 'pipe'] })
  let bytes = 0
  let entries = 0
  let over: UpstreamRefused | undefined
  const filter = (p: string, entry: ReadEntry | unknown) => {
    const e = entry as ReadEntry
    const rel = p.replace(/^\.\//, '')
    if (!prefixes.some((prefix) => rel.startsWith(prefix))) return false
    if (e.type === 'SymbolicLink' && e.linkpath) onLink(rel, e.linkpath)
    if (e.type !== 'File' && e.type !== 'Directory') return false
    bytes += e.size ?? 0
    if (over === undefined && (++entries > MAX_ENTRIES || bytes > maxBytes)) {
      over = new UpstreamRefused('size', `${path.basename(debFile)}: unpacks to more than ${maxBytes} bytes`)
      child.kill() // nothing more is read
    }
    return over === undefined
  }
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString().slice(0, 300)
  })
  const exited = new Promise<number>((resolve) => {
    child.on('error', () => resolve(127))
    child.on('close', (code) => resolve(code ?? 1))
  })
  try {
    await pipeline(child.stdout, new Unpack({ cwd: into, filter, strict: true, preserveOwner: false }))
  } catch (err) {
    if (over) throw over
    throw new UpstreamRefused('format', `${path.basename(debFile)} is damaged: ${(err as Error).message}`)
  } finally {
    child.kill()
  }
  const code = await exited
  if (over) throw over
  if (code !== 0) throw new UpstreamRefused('format', `dpkg-deb failed on ${path.basename(debFile)}: ${stderr.trim()}`)
}

/** Every regular file under `dir`, relative, sorted; links are not followed (the unpack writes none). */
export function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = []
  for (const name of readdirSync(path.join(dir, prefix)).sort()) {
    const rel = prefix ? `${prefix}/${name}` : name
    const st = lstatSync(path.join(dir, rel))
    if (st.isDirectory()) out.push(...listFiles(dir, rel))
    else if (st.isFile()) out.push(rel)
  }
  return out
}

export function readBounded(file: string, max: number): string {
  if (lstatSync(file).size > max) throw new UpstreamRefused('size', `${path.basename(file)} larger than ${max} bytes`)
  return readFileSync(file, 'utf8')
}
