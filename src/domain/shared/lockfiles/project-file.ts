// What a project file (a lock file or a requirements file) names: its registry packages as purls, and a count of the
// entries that name none (path, git, editable, URL). The readers beside this file each turn one format into it.
import { parse as parseToml, TomlError } from 'smol-toml'
import { golangNameProblem } from '../../kb/ecosystem-rules.ts'
import { canonicalPurl, parsePurl, purlWithVersion } from '../purl.ts'

export type ProjectFormat =
  | 'package-lock'
  | 'cargo-lock'
  | 'poetry-lock'
  | 'uv-lock'
  | 'requirements'
  | 'cargo-toml'
  | 'pyproject'
  | 'pom-xml'
  | 'gradle-lockfile'
  | 'go-mod'
  | 'go-sum'

export interface ProjectComponent {
  /** With the version when the file pins one; without it when the file gives a requirement or nothing. */
  purl: string
  /** The version requirement as the file writes it (spaces removed), when it pins no exact version. */
  requirement?: string
  /** Only needed to develop the project (a dev group or category, or reached from one only), as far as it tells. */
  dev: boolean
}

export interface ProjectFile {
  format: ProjectFormat
  /** Distinct, sorted by purl then requirement. */
  components: ProjectComponent[]
  /** The entries that name no registry package, counted by kind (`path`, `git`, `editable`, `url`, …). */
  skipped: Record<string, number>
}

/** A project file that cannot be read: its format's rules broken, or over a bound. */
export class ProjectFileError extends Error {
  override readonly name = 'ProjectFileError'
}

/** The bounds of one read: a lock file's text (a large workspace's is a few MB) and the components it names. */
export const MAX_PROJECT_FILE_CHARS = 32 * 1024 * 1024
const MAX_PROJECT_COMPONENTS = 100_000
const MAX_VERSION_LENGTH = 256
/** PEP 508's names (and a crate's, whose rules are narrower). */
const PACKAGE_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,212}[A-Za-z0-9])?$/

export function checkSize(text: string, what: string): void {
  if (text.length > MAX_PROJECT_FILE_CHARS)
    throw new ProjectFileError(`${what}: longer than ${MAX_PROJECT_FILE_CHARS} characters`)
}

/** A TOML lock file's top table (TOML 1.0; `__proto__`-like keys refused, nesting bounded). */
export function readToml(text: string, what: string): Json {
  checkSize(text, what)
  try {
    return parseToml(text, { maxDepth: 32, unsafeKeyBehaviour: 'throw' }) as Json
  } catch (err) {
    if (err instanceof TomlError) throw new ProjectFileError(`${what}: not TOML: ${err.message.split('\n')[0]}`)
    throw new ProjectFileError(`${what}: not TOML: ${(err as Error).message.slice(0, 200)}`)
  }
}

/** The `[[package]]` tables of a lock file (absent: none). */
export function packageTables(doc: Json, what: string): Json[] {
  const list = doc.package ?? []
  if (!Array.isArray(list) || !list.every(isTable))
    throw new ProjectFileError(`${what}: "package" is not a list of tables`)
  return list
}

/** Gathers one file's components (a component both dev and not is not dev) and skipped entries. */
export class ProjectCollector {
  private readonly byKey = new Map<string, ProjectComponent>()
  private readonly skippedKinds: Record<string, number> = {}

  constructor(
    private readonly format: ProjectFormat,
    private readonly type: 'cargo' | 'pypi' | 'maven' | 'golang',
  ) {}

  /** A registry package; an unusable name or version is counted as skipped (`invalid`), never a crash. */
  add(name: unknown, version: { exact: string } | { requirement: string }, dev: boolean): void {
    const purl = componentPurl(this.type, name, 'exact' in version ? version.exact : undefined)
    if (purl === undefined) {
      this.skip('invalid')
      return
    }
    const requirement = 'requirement' in version && version.requirement !== '' ? version.requirement : undefined
    const key = `${purl} ${requirement ?? ''}`
    const seen = this.byKey.get(key)
    if (seen) seen.dev &&= dev
    else {
      if (this.byKey.size >= MAX_PROJECT_COMPONENTS)
        throw new ProjectFileError(`more than ${MAX_PROJECT_COMPONENTS} components in one project file`)
      this.byKey.set(key, { purl, ...(requirement ? { requirement } : {}), dev })
    }
  }

  /** A lock file's `[[package]]`: a component when it comes from a registry (`kind`), else counted under its kind. */
  addLocked(p: Json, kind: string, dev: boolean): void {
    if (kind !== 'registry') this.skip(kind)
    else if (typeof p.version !== 'string') this.skip('invalid')
    else this.add(p.name, { exact: p.version }, dev)
  }

  skip(kind: string): void {
    this.skippedKinds[kind] = (this.skippedKinds[kind] ?? 0) + 1
  }

  done(): ProjectFile {
    const components = [...this.byKey.values()].sort(
      (a, b) => compare(a.purl, b.purl) || compare(a.requirement ?? '', b.requirement ?? ''),
    )
    return { format: this.format, components, skipped: { ...this.skippedKinds } }
  }
}

/**
 * The purl of a registry package, named as its ecosystem does (purl.ts's rules: PEP 503 for PyPI names); undefined
 * for a name or version no registry serves.
 */
function componentPurl(type: 'cargo' | 'pypi' | 'maven' | 'golang', name: unknown, version: string | undefined) {
  if (type === 'golang') return typeof name === 'string' ? goModulePurl(name, version) : undefined
  if (typeof name !== 'string') return undefined
  // Maven's names are `groupId:artifactId`, each part a name of the same rules
  const parts = type === 'maven' ? name.split(':') : [name]
  if (parts.length !== (type === 'maven' ? 2 : 1) || !parts.every((p) => PACKAGE_NAME.test(p))) return undefined
  if (version !== undefined && !usableVersion(version)) return undefined
  const purl = parsePurl(`pkg:${type}/${parts.join('/')}`)
  return version === undefined ? canonicalPurl(purl) : purlWithVersion(purl, version)
}

/** A Go module (ecosystem-rules.ts golangNameProblem) as `pkg:golang/<path to its last element>/<last element>`, case
 * kept; undefined for what is no module path. */
export function goModulePurl(path: string, version: string | undefined): string | undefined {
  if (golangNameProblem(path) !== undefined) return undefined
  if (version !== undefined && !usableVersion(version)) return undefined
  const cut = path.lastIndexOf('/')
  const purl = { type: 'golang', ...(cut > 0 ? { namespace: path.slice(0, cut) } : {}), name: path.slice(cut + 1) }
  return version === undefined ? canonicalPurl(purl) : purlWithVersion(purl, version)
}

const usableVersion = (v: string) =>
  v !== '' && v.length <= MAX_VERSION_LENGTH && !/[\s\p{Cc}]/u.test(v) && !v.includes('/')

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

export type Json = Record<string, unknown>
export const isTable = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
