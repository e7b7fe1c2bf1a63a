// A Go module as a Debian golang-*-dev package ships it (docs/golang.md): its source under
// usr/share/gocode/src/<module path>/, with the module's go.mod (or none: a package made before modules, its folder
// named by its source package's Go-Import-Path). Only that folder is unpacked from the .deb (regular
// files and folders, bounded: cargo/deb-crate.ts unpackDebPaths), into a folder of the caller's; the identity is checked
// (the go.mod's `module` line names the module asked, case and all); the module's files are those of the folder less
// any nested module (a subfolder with its own go.mod, as the go command's module zip leaves them out); its license
// file (LICENSE, COPYING, … at the top) is read for its text.
import { existsSync, lstatSync } from 'node:fs'
import path from 'node:path'
import { type GoMod, MAX_GO_MOD_BYTES, parseGoMod } from '../../domain/dependencies/go-mod.ts'
import type { Analyzer } from '../../ingest/analyzers/types.ts'
import { UpstreamRefused } from '../../ingest/failure.ts'
import type { WalkResult } from '../../ingest/tarball-walk.ts'
import { listFiles, readBounded, unpackDebPaths } from '../cargo/deb-crate.ts'
import type { Walker } from '../debian/deb-file.ts'

const GOCODE = 'usr/share/gocode/src'
export const LICENSE_FILE = /^(?:LICEN[CS]E|COPYING|COPYRIGHT|UNLICENSE)(?:[.-][A-Za-z0-9.-]*)?$/i
export const MAX_LICENSE_BYTES = 256 * 1024

export interface DebModule {
  module: string
  goMod: GoMod
  /** False for a module from before modules (its folder named by its source package's Go-Import-Path). */
  hasGoMod: boolean
  /** The unpacked module folder. */
  dir: string
  /** The module's files (paths in its folder, nested modules left out) and their bytes. */
  files: string[]
  /** The nested modules' folders (left out of the walk). */
  nested: string[]
  bytes: number
  /** The top license file's path and text, if the module has one. */
  licenseFile: { path: string; text: string } | null
}

/**
 * The module's folder in the .deb, unpacked under `into` and read; undefined when the package does not ship it (no
 * go.mod; with `imported`, the path its source package's Go-Import-Path names: no files). A folder of an import path
 * without go.mod is a module from before modules: no requirements (`hasGoMod` false). `under` is the module's path
 * without its /vN suffix when Debian may have installed `<M>/vN` in `<M>/` (dh-golang's import path): the folder's
 * go.mod must name the module, else the package does not ship it (undefined).
 */
export async function readDebModule(
  debFile: string,
  module: string,
  into: string,
  maxBytes: number,
  { imported = false, under = module }: { imported?: boolean; under?: string } = {},
): Promise<DebModule | undefined> {
  const folder = `${GOCODE}/${under}`
  await unpackDebPaths(debFile, into, maxBytes, [`${folder}/`])
  const dir = path.join(into, folder)
  const hasGoMod = existsSync(path.join(dir, 'go.mod'))
  if (!hasGoMod && !(imported && under === module && existsSync(dir))) return undefined
  const goMod = hasGoMod ? parseGoMod(readBounded(path.join(dir, 'go.mod'), MAX_GO_MOD_BYTES)) : withoutGoMod(module)
  if (goMod.module !== module && under !== module) return undefined // <M>/go.mod naming M, or another /vN
  if (goMod.module !== module)
    throw new UpstreamRefused(
      'identity',
      `${folder}/go.mod names ${JSON.stringify(goMod.module ?? null)}, not ${module}`,
    )
  const all = listFiles(dir)
  if (all.length === 0) return undefined
  const nested = all.filter((f) => f.endsWith('/go.mod')).map((f) => f.slice(0, -'/go.mod'.length))
  const files = all.filter((f) => !nested.some((n) => f.startsWith(`${n}/`)))
  const top = files.filter((f) => !f.includes('/') && LICENSE_FILE.test(f)).sort()[0]
  const licenseFile = top ? { path: top, text: readBounded(path.join(dir, top), MAX_LICENSE_BYTES) } : null
  const bytes = files.reduce((n, f) => n + lstatSync(path.join(dir, f)).size, 0)
  return { module, goMod, hasGoMod, dir, files, nested, bytes, licenseFile }
}

/** A module without go.mod as the go command reads it: its path, no requirements. */
function withoutGoMod(module: string): GoMod {
  return { module, go: undefined, require: [], exclude: [], replace: [], retract: [], problems: [] }
}

/** The module's files through the analyzers (paths in its folder; nested modules left out). */
export function walkModule(m: DebModule, analyzers: readonly Analyzer<unknown>[], walker: Walker): Promise<WalkResult> {
  const excluded = m.nested.map((n) => `--exclude=./${n}`)
  return walker('tar', ['-c', '--anchored', '-C', m.dir, ...excluded, '.'], analyzers)
}
