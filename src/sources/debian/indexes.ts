// The Packages indexes apt downloaded (apt.ts), read as records (docs/debian.md "Ingestion"): every binary package
// of the architecture (and `all`) with the fields the KB keeps. A suite's -updates and -security indexes count as the
// suite's; a version listed by several is one record. A stanza whose package or source names or versions Debian Policy
// does not allow is refused (skipped and reported): an index cannot plant names no rule allows.
import { createReadStream, readFileSync } from 'node:fs'
import { debianNameProblem, debianVersionProblem, nameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { excerpt } from '../../ingest/failure.ts'
import type { IndexFile } from './apt.ts'
import { type Deb822Paragraph, foldDeb822, parseDeb822Chunks } from './deb822.ts'

export interface BinaryRecord {
  name: string
  version: string
  arch: string
  /** The source package and its version (the binary's own when the index names none). */
  source: string
  sourceVersion: string
  depends: string
  preDepends: string
  provides: string
  homepage: string
  /** The synopsis (the Description's first line). */
  description: string
  /** The .deb's SHA-256, hex. */
  sha256: string
  /** The .deb's path under its mirror ('' in a dpkg status record) and the mirror's URI. */
  filename: string
  mirror: string
  /** Installed-Size, KiB. */
  installedSize: number | null
  /** The suites that list this version (bookworm, …). */
  suites: string[]
  /** required, important, standard, optional, extra ('' when not given). */
  priority: string
}

/** Told why each stanza was refused. */
export type Refused = (why: string) => void

/** Every binary package of the indexes, by name, each version once. */
export async function readPackages(
  files: readonly IndexFile[],
  refused: Refused = () => {},
): Promise<Map<string, BinaryRecord[]>> {
  const out = new Map<string, BinaryRecord[]>()
  for await (const { p, name, version, suite, mirror } of stanzas(files, 'Packages', refused)) {
    const list = out.get(name) ?? []
    const same = list.find((r) => r.version === version)
    if (same) {
      if (!same.suites.includes(suite)) same.suites.push(suite)
      continue
    }
    list.push(binaryRecord(p, name, version, suite, mirror))
    out.set(name, list)
  }
  return out
}

/** Every version of each source package the Sources indexes list. */
export async function readSourceVersions(
  files: readonly IndexFile[],
  refused: Refused = () => {},
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  for await (const { name, version } of stanzas(files, 'Sources', refused)) {
    const list = out.get(name) ?? []
    if (!list.includes(version)) list.push(version)
    out.set(name, list)
  }
  return out
}

/**
 * The Go import paths the Sources indexes' `Go-Import-Path` fields name (`XS-Go-Import-Path` in a source package's
 * debian/control, dh-golang's; several comma-separated, the first the package's own, the others old names), each with
 * the source packages naming it. A path that is no module path is refused (reported).
 */
export async function readGoImportPaths(
  files: readonly IndexFile[],
  refused: Refused = () => {},
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>()
  for await (const { p, name } of stanzas(files, 'Sources', refused))
    for (const path of (p.get('Go-Import-Path') ?? '').split(/[\s,]+/).filter(Boolean)) {
      const problem = nameProblem('golang', path)
      if (problem) refused(`Go-Import-Path "${excerpt(path, 80)}" of ${name}: ${problem}`)
      else out.set(path, (out.get(path) ?? new Set()).add(name))
    }
  return out
}

/** Every stanza of the indexes of one kind that names a package and a version Policy allows, with its suite. */
async function* stanzas(files: readonly IndexFile[], kind: IndexFile['kind'], refused: Refused) {
  for (const f of files.filter((x) => x.kind === kind))
    for await (const p of parseDeb822Chunks(createReadStream(f.file))) {
      const name = p.get('Package')
      const version = p.get('Version')
      if (!name || !version) continue
      const problem = stanzaProblem(p, name, version)
      if (problem) refused(problem)
      else yield { p, name, version, suite: f.suite, mirror: f.mirror }
    }
}

const SOURCE_FIELD = /^(\S+)(?:\s+\(([^)]+)\))?/

/** Why Debian Policy refuses this stanza's package, version or source package (its `Source:` field), if it does. */
export function stanzaProblem(p: Deb822Paragraph, name: string, version: string): string | undefined {
  const src = SOURCE_FIELD.exec(p.get('Source') ?? '')
  const parts: [string, string | undefined, (s: string) => string | undefined][] = [
    ['package', name, debianNameProblem],
    ['version', version, debianVersionProblem],
    ['source', src?.[1], debianNameProblem],
    ['source version', src?.[2], debianVersionProblem],
  ]
  for (const [what, value, rule] of parts) {
    const problem = value === undefined ? undefined : rule(value)
    if (problem) return `${what} "${excerpt(value as string, 80)}" of "${excerpt(name, 80)}": ${problem}`
  }
  return undefined
}

/** A binary package's paragraph (of a Packages index, or of dpkg's status file) as its record. */
export function binaryRecord(
  p: Deb822Paragraph,
  name: string,
  version: string,
  suite: string,
  mirror = '',
): BinaryRecord {
  const src = SOURCE_FIELD.exec(p.get('Source') ?? '')
  return {
    name,
    version,
    arch: p.get('Architecture') ?? '',
    source: src?.[1] ?? name,
    sourceVersion: src?.[2] ?? version,
    depends: foldDeb822(p.get('Depends') ?? ''),
    preDepends: foldDeb822(p.get('Pre-Depends') ?? ''),
    provides: foldDeb822(p.get('Provides') ?? ''),
    homepage: p.get('Homepage') ?? '',
    description: (p.get('Description') ?? '').split('\n')[0] ?? '',
    sha256: p.get('SHA256') ?? '',
    filename: p.get('Filename') ?? '',
    mirror,
    installedSize: Number(p.get('Installed-Size')) || null,
    suites: [suite],
    priority: p.get('Priority') ?? '',
  }
}

/** The newest `Date:` of each suite's Release files (its own, -updates, -security), ISO. */
export function releaseDates(releaseFiles: readonly { suite: string; file: string }[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const { suite, file } of releaseFiles) {
    const m = /^Date:\s*(.+)$/m.exec(readFileSync(file, 'utf8'))
    const ms = m ? Date.parse(m[1] as string) : Number.NaN
    if (Number.isNaN(ms)) continue
    const iso = new Date(ms).toISOString()
    if ((out.get(suite) ?? '') < iso) out.set(suite, iso)
  }
  return out
}
