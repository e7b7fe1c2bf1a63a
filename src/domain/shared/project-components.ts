// The components a project names: the purls of its lock file, manifest or requirements file (by the file's name:
// package-lock.json, Cargo.lock, Cargo.toml, poetry.lock, uv.lock, pyproject.toml, requirements*.txt, pom.xml,
// gradle.lockfile, go.mod, go.sum; lockfiles/
// reads each), or of a CycloneDX SBOM's components. Used by `compintel notices` and the coverage bench.

import type { SyncPomLoader } from '../maven/effective-pom.ts'
import { readCargoLock } from './lockfiles/cargo-lock.ts'
import { readCargoToml } from './lockfiles/cargo-toml.ts'
import { readGoMod } from './lockfiles/go-mod.ts'
import { readGoSum } from './lockfiles/go-sum.ts'
import { readGradleLockfile } from './lockfiles/gradle-lockfile.ts'
import { readPoetryLock } from './lockfiles/poetry-lock.ts'
import { readPomXml } from './lockfiles/pom-xml.ts'
import { checkSize, type ProjectFile, ProjectFileError } from './lockfiles/project-file.ts'
import { readPyproject } from './lockfiles/pyproject-toml.ts'
import { type ReadInclude, readRequirements } from './lockfiles/requirements-txt.ts'
import { readUvLock } from './lockfiles/uv-lock.ts'

type Lockfile = { packages?: Record<string, Record<string, unknown>> }
type CycloneDx = { bomFormat?: unknown; components?: { purl?: unknown; components?: unknown }[] }

/** The project file names read, for messages. */
export const PROJECT_FILE_NAMES =
  'package-lock.json, Cargo.lock, Cargo.toml, poetry.lock, uv.lock, pyproject.toml, requirements*.txt (or .in), pom.xml, gradle.lockfile, go.mod, go.sum'

/** What a project file may read beside it: a requirements file's includes, a pom.xml's parents. */
export interface ProjectIncludes {
  include?: ReadInclude
  pomParent?: SyncPomLoader
}

/**
 * The components of a project file, chosen by its name (a path's last part; a requirements file is
 * `requirements*.txt`, `requirements*.in` or any `.txt`/`.in` in a `requirements` folder); undefined for another name.
 * Throws ProjectFileError when the file breaks its format's rules or a bound.
 */
export function readProjectFile(path: string, text: string, reads: ProjectIncludes = {}): ProjectFile | undefined {
  const { include } = reads
  const parts = path.split(/[\\/]/)
  const base = parts.at(-1) ?? ''
  if (base === 'Cargo.lock') return readCargoLock(text)
  if (base === 'poetry.lock') return readPoetryLock(text)
  if (base === 'uv.lock') return readUvLock(text)
  if (base === 'Cargo.toml') return readCargoToml(text)
  if (base === 'pyproject.toml') return readPyproject(text)
  if (base === 'pom.xml') return readPomXml(text, reads.pomParent)
  if (base === 'gradle.lockfile') return readGradleLockfile(text)
  if (base === 'go.mod') return readGoMod(text)
  if (base === 'go.sum') return readGoSum(text)
  if (base === 'package-lock.json' || base === 'npm-shrinkwrap.json') return npmLockfile(text)
  const inRequirements = parts.at(-2) === 'requirements' && /\.(txt|in)$/.test(base)
  if (/^requirements.*\.(txt|in)$/i.test(base) || inRequirements) return readRequirements(text, path, include)
  return undefined
}

function npmLockfile(text: string): ProjectFile {
  checkSize(text, 'package-lock.json')
  let lock: Lockfile
  try {
    lock = JSON.parse(text) as Lockfile
  } catch {
    throw new ProjectFileError('package-lock.json: not JSON')
  }
  if (typeof lock !== 'object' || lock === null || typeof lock.packages !== 'object' || lock.packages === null)
    throw new ProjectFileError('package-lock.json: no "packages" object (lockfileVersion 2 or 3)')
  const runtime = new Set(lockfilePurls(lock, false))
  const components = lockfilePurls(lock, true).map((purl) => ({ purl, dev: !runtime.has(purl) }))
  const links = Object.entries(lock.packages).filter(([where, p]) => where !== '' && p?.link).length
  return { format: 'package-lock', components, skipped: links > 0 ? { link: links } : {} }
}

/** Distinct `pkg:npm/name@version` of a lockfile's installed packages (dev ones only with `dev`), sorted. */
function lockfilePurls(lock: Lockfile, dev: boolean): string[] {
  const purls = new Set<string>()
  for (const [where, p] of Object.entries(lock.packages ?? {})) {
    if (where === '' || p.link || typeof p.version !== 'string' || (p.dev && !dev)) continue
    const name = typeof p.name === 'string' ? p.name : where.slice(where.lastIndexOf('node_modules/') + 13)
    purls.add(`pkg:npm/${name.startsWith('@') ? `%40${name.slice(1)}` : name}@${p.version}`)
  }
  return [...purls].sort()
}

/** Distinct purls of a CycloneDX BOM's components, nested ones included, sorted. */
function cyclonedxPurls(bom: CycloneDx): string[] {
  const purls = new Set<string>()
  const visit = (list: unknown) => {
    if (!Array.isArray(list)) return
    for (const c of list as { purl?: unknown; components?: unknown }[]) {
      if (typeof c?.purl === 'string' && c.purl !== '') purls.add(c.purl)
      visit(c?.components)
    }
  }
  visit(bom.components)
  return [...purls].sort()
}

/** The purls of a project file: a CycloneDX JSON SBOM or an npm lockfile; undefined for anything else. */
export function projectPurls(json: unknown): string[] | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  if ((json as CycloneDx).bomFormat === 'CycloneDX') return cyclonedxPurls(json as CycloneDx)
  if (typeof (json as Lockfile).packages === 'object') return lockfilePurls(json as Lockfile, false)
  return undefined
}
