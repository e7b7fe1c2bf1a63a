// Debian's Contents-<arch> indexes (docs/debian.md "Contents index"): which binary package ships which file. Read for
// the upstream libraries Debian repackages: a Python distribution's metadata under usr/lib/python3/dist-packages
// (`<name>-<version>.dist-info/METADATA`, `<name>-<version>.egg-info/PKG-INFO`, or the `.egg-info` file itself) and a
// crate's manifest under usr/share/cargo/registry (`<crate>-<version>/Cargo.toml`), a Maven artifact's POM under
// usr/share/maven-repo (`<group path>/<artifact>/<version>/<artifact>-<version>.pom`; Debian's own `debian` and
// `<n>.x` version folders left out) and a Go module's go.mod under usr/share/gocode/src (`<module path>/go.mod`: the
// path names the module, not its version, which the package's version tells), so the package holding a PyPI
// distribution, a crate, a Maven artifact or a Go module is found without guessing names. An index is large
// (bookworm's main: 5.7 million lines,
// 700 MB uncompressed), so it is streamed through apt's own decompression (`apt-helper cat-file`, whatever form apt
// kept it in) line by line, every line and the whole read bounded, and only the matching lines kept.
import { spawn } from 'node:child_process'
import { StringDecoder } from 'node:string_decoder'
import { debianNameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { crateKey, pep503 } from '../../domain/shared/purl.ts'
import { excerpt } from '../../ingest/failure.ts'
import { APT_HELPER } from './apt.ts'

export interface RepackagedEntry {
  ecosystem: 'pypi' | 'cargo' | 'maven' | 'golang'
  /**
   * The name as the path spells it (the egg-info or dist-info escaping: `-` written `_`; Maven's `group:artifact`; a
   * Go module's path).
   */
  name: string
  /** The upstream version, from the path ('' for a Go module: its path holds none). */
  version: string
  /** The metadata file's path in the package (no leading `/`). */
  path: string
  /** The Debian binary package holding it. */
  package: string
  /** Read from the Packages index, the suite's Contents index missing (debcargo.ts): its path derived; or a Go
   * module without go.mod, its path named by the source package's `Go-Import-Path` (Sources) and its folder `path`
   * found in the Contents index. Absent: its metadata file found in a Contents index. */
  from?: 'Packages' | 'Sources'
}

export interface RepackagedIndex {
  /**
   * The entries of a distribution, crate, artifact or module; `name` normalised: PEP 503 for pypi, lower-case with
   * `_`→`-` for cargo, lower-case for maven (`group:artifact`), as written for golang (module paths are
   * case-sensitive).
   */
  find(ecosystem: RepackagedEntry['ecosystem'], name: string): RepackagedEntry[]
  /** Every entry, in the order the indexes list them (what a package holds: scripts/choose-repackaged-seed.ts). */
  entries(): RepackagedEntry[]
}

/** No path in an index is longer (PATH_MAX); a longer line is refused. */
const MAX_LINE = 4096
/** Bookworm's main has about 5.7 million lines in its Contents-all and -amd64 together. */
const MAX_LINES = 50_000_000
/** Bookworm's main has about 6,600 such entries. */
const MAX_ENTRIES = 500_000

const PYTHON = 'usr/lib/python3/dist-packages/'
const CARGO = 'usr/share/cargo/registry/'
const GOCODE = 'usr/share/gocode/src/'
/** `<module path>/go.mod`: a path of at least two elements (a host and a name), Go's module path characters. */
const GO_MOD = /^([A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)+)\/go\.mod$/
/** `<dir>.dist-info/METADATA`, `<dir>.egg-info/PKG-INFO` or `<dir>.egg-info`, directly under dist-packages. */
const PYTHON_METADATA = /^([^/]+)\.(?:dist-info\/METADATA|egg-info\/PKG-INFO|egg-info)$/
/** The distribution directory's name and version (setuptools' to_filename and the wheel spec both write `-` as `_`
 * in each), and the `-py3.11` of an egg. */
const PYTHON_DIR = /^([A-Za-z0-9][A-Za-z0-9._]*)-([0-9][A-Za-z0-9.+!_]*?)(?:-py[0-9.]+)?$/
const CARGO_MANIFEST = /^([^/]+)\/Cargo\.toml$/
const MAVEN = 'usr/share/maven-repo/'
/** `<group path>/<artifact>/<version>/<artifact>-<version>.pom`; the part before `.pom` checked against the folders. */
const MAVEN_POM = /^((?:[^/]+\/)+[^/]+\/[^/]+)\/[^/]+\.pom$/
const MAVEN_DIR = /^((?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+)\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9][A-Za-z0-9_.+-]*)$/
/** Crate names: ASCII alphanumerics, `-` and `_` (cargo's rule, at most 64); versions semver's characters. */
const CARGO_DIR = /^([A-Za-z][A-Za-z0-9_-]{0,63}?)-([0-9]+\.[0-9]+\.[0-9]+(?:[-+][0-9A-Za-z.+-]*)?)$/
const MAX_VERSION = 128
/** The deepest import path looked for in a file's folders (bookworm's deepest has 6 elements). */
const MAX_IMPORT_PATH_ELEMENTS = 16

const key = (ecosystem: RepackagedEntry['ecosystem'], name: string) =>
  `${ecosystem}:${ecosystem === 'pypi' ? pep503(name) : ecosystem === 'cargo' ? crateKey(name) : ecosystem === 'maven' ? name.toLowerCase() : name}`

/**
 * The repackaged libraries the Contents files list (files apt downloaded: any compression apt reads), then the `more`
 * entries read otherwise (debcargo.ts) that no Contents entry already has (the same crate, version and package).
 */
export async function readRepackaged(
  files: readonly string[],
  onRefused: (why: string) => void = () => {},
  more: readonly RepackagedEntry[] = [],
  goImported: GoImported = () => false,
): Promise<RepackagedIndex> {
  const byName = new Map<string, RepackagedEntry[]>()
  const seen = new Set<string>()
  const held = new Set<string>()
  const heldId = (e: RepackagedEntry) => `${key(e.ecosystem, e.name)}@${e.version}\u0000${e.package}`
  let entries = 0
  const add = (e: RepackagedEntry, where: string | undefined) => {
    const id = `${e.path}\u0000${e.package}`
    if (seen.has(id)) return // a path listed by a suite and its -updates suite
    if (where === undefined && held.has(heldId(e))) return // a crate the Contents list in this package
    seen.add(id)
    held.add(heldId(e))
    if (++entries > MAX_ENTRIES)
      throw new Error(`more than ${MAX_ENTRIES} repackaged libraries in ${where ?? 'the Packages indexes'}`)
    const k = key(e.ecosystem, e.name)
    byName.set(k, [...(byName.get(k) ?? []), e])
  }
  const imported = new Map<string, RepackagedEntry>()
  for (const file of files)
    await readLines(file, onRefused, (line) => {
      for (const e of parseContentsLine(line, onRefused)) add(e, file)
      for (const e of importPathsOfLine(line, goImported)) imported.set(`${e.path}\u0000${e.package}`, e)
    })
  // a go.mod found in the folder names the module: the package's Go-Import-Path entry is one without go.mod
  for (const e of [...more, ...imported.values()]) add(e, undefined)
  return {
    find: (ecosystem, name) => [...(byName.get(key(ecosystem, name)) ?? [])],
    entries: () => [...byName.values()].flat(),
  }
}

/** The entries of one Contents line (one per package listed), none when its path is not a library's metadata. */
export function parseContentsLine(line: string, onRefused: (why: string) => void = () => {}): RepackagedEntry[] {
  if (!line.startsWith(PYTHON) && !line.startsWith(CARGO) && !line.startsWith(MAVEN) && !line.startsWith(GOCODE))
    return []
  // the path may hold spaces; the packages, the last column, never do
  const m = /^(.*?)\s+(\S+)$/.exec(line)
  if (!m) return []
  const [, path, location] = m as unknown as [string, string, string]
  const found = libraryOfPath(path)
  if (found === undefined) return []
  if (typeof found === 'string') {
    onRefused(`${excerpt(path, 200)}: ${found}`)
    return []
  }
  const out: RepackagedEntry[] = []
  for (const qualified of location.split(',')) {
    const pkg = qualified.slice(qualified.lastIndexOf('/') + 1) // the section (python/, rust/, non-free/…) stripped
    const problem = debianNameProblem(pkg)
    if (problem) onRefused(`${excerpt(path, 200)}: package "${excerpt(pkg, 80)}" ${problem}`)
    else out.push({ ...found, path, package: pkg })
  }
  return out
}

/** Whether the source package of binary package `pkg` names `path` in its `Go-Import-Path` (Sources). */
export type GoImported = (path: string, pkg: string) => boolean

/** The folders usr/share/gocode/src/<import path>/ a Contents line shows a package shipping, the path its source's. */
function importPathsOfLine(line: string, goImported: GoImported): RepackagedEntry[] {
  if (!line.startsWith(GOCODE)) return []
  const m = /^(.*?)\s+(\S+)$/.exec(line)
  if (!m) return []
  const elements = (m[1] as string).slice(GOCODE.length).split('/')
  const out: RepackagedEntry[] = []
  for (let i = 1; i < elements.length && i <= MAX_IMPORT_PATH_ELEMENTS; i++) {
    const name = elements.slice(0, i).join('/')
    for (const qualified of (m[2] as string).split(',')) {
      const pkg = qualified.slice(qualified.lastIndexOf('/') + 1)
      if (goImported(name, pkg))
        out.push({ ecosystem: 'golang', name, version: '', path: `${GOCODE}${name}/`, package: pkg, from: 'Sources' })
    }
  }
  return out
}

type Found = Omit<RepackagedEntry, 'path' | 'package'>

/** Where each ecosystem's metadata files are, and how their folder names spell the name and version. */
const LAYOUTS = {
  pypi: { prefix: PYTHON, file: PYTHON_METADATA, dir: PYTHON_DIR, what: 'distribution' },
  cargo: { prefix: CARGO, file: CARGO_MANIFEST, dir: CARGO_DIR, what: 'crate' },
} as const

/**
 * An installed path (no leading `/`) as the library whose metadata it is, a refusal (why), or undefined when it is
 * no library's metadata.
 */
export function libraryOfPath(path: string): Found | string | undefined {
  if (path.startsWith(PYTHON)) return entryOf('pypi', path)
  if (path.startsWith(MAVEN)) return mavenEntryOf(path.slice(MAVEN.length))
  if (path.startsWith(GOCODE)) return goModuleOf(path)
  return path.startsWith(CARGO) ? entryOf('cargo', path) : undefined
}

/** A Maven POM's path (under usr/share/maven-repo) as `group:artifact` and its version; Debian's aliases left out. */
function mavenEntryOf(rest: string): Found | string | undefined {
  const dir = MAVEN_POM.exec(rest)?.[1]
  if (dir === undefined) return undefined
  const m = MAVEN_DIR.exec(dir)
  if (!m) return 'no Maven group, artifact and version in the path'
  const [, group, artifact, version] = m as unknown as [string, string, string, string]
  if (rest !== `${dir}/${artifact}-${version}.pom`) return undefined // another file of the folder
  if (version === 'debian' || /(^|\.)x$/.test(version) || version.length > MAX_VERSION) return undefined
  return { ecosystem: 'maven', name: `${group.replaceAll('/', '.')}:${artifact}`, version }
}

/** A go.mod's folder under usr/share/gocode/src as its module path; a testdata or vendored copy is no module. */
function goModuleOf(path: string): Found | string | undefined {
  const m = GO_MOD.exec(path.slice(GOCODE.length))
  if (!m) return undefined
  const module = m[1] as string
  if (module.length > 500 || /(^|\/)(testdata|vendor|internal)(\/|$)|(^|\/)\.+(\/|$)/.test(module)) return undefined
  return { ecosystem: 'golang', name: module, version: '' }
}

function entryOf(ecosystem: 'pypi' | 'cargo', path: string): Found | string | undefined {
  const layout = LAYOUTS[ecosystem]
  const dir = layout.file.exec(path.slice(layout.prefix.length))?.[1]
  if (dir === undefined) return undefined
  const m = layout.dir.exec(dir)
  if (!m || (m[2] as string).length > MAX_VERSION) return `no ${layout.what} name and version in the path`
  return { ecosystem, name: m[1] as string, version: m[2] as string }
}

/**
 * Each line of `file` (decompressed by apt-helper), a line longer than MAX_LINE skipped; fails past MAX_LINES or when
 * apt-helper does (the file missing, corrupt). `each` may throw to stop the read.
 */
async function readLines(file: string, onRefused: (why: string) => void, each: (line: string) => void): Promise<void> {
  const child = spawn(APT_HELPER, ['cat-file', file], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => {
    if (stderr.length < 4096) stderr += d.toString()
  })
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', resolve)
  })
  const decoder = new StringDecoder('utf8')
  let rest = ''
  let lines = 0
  let tooLong = false
  const line = (text: string) => {
    if (++lines > MAX_LINES) throw new Error(`more than ${MAX_LINES} lines in ${file}`)
    if (tooLong || text.length > MAX_LINE) onRefused(`line ${lines} of ${file}: longer than ${MAX_LINE} characters`)
    else each(text)
    tooLong = false
  }
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      const text = rest + decoder.write(chunk)
      let start = 0
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        line(text.slice(start, nl))
        start = nl + 1
      }
      rest = text.slice(start)
      if (rest.length > MAX_LINE) {
        tooLong = true // the line's end is skipped when it comes
        rest = ''
      }
    }
    if (rest) line(rest)
  } catch (err) {
    child.kill()
    await exited.catch(() => {})
    throw err
  }
  const code = await exited
  if (code !== 0) throw new Error(`apt-helper cat-file ${file} failed: ${excerpt(stderr.trim(), 300)}`)
}
