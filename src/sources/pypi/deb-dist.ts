// A Python distribution as a Debian package installs it (docs/pypi.md "From Debian"): its metadata directory under
// usr/lib/python3/dist-packages (`<name>-<version>.dist-info`, or `.egg-info`, a directory or a single PKG-INFO file)
// and the files that are the distribution's own there: those its RECORD lists (dist-info), else its top-level import
// packages and modules (egg-info top_level.txt). The .deb's dist-packages tree is unpacked (dpkg-deb and tar) into a
// temporary folder the caller removes; in the `known` phase only the metadata directories are.
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { pep503 } from '../../domain/shared/purl.ts'
import { libraryOfPath } from '../debian/contents.ts'
import { MAX_METADATA } from './metadata.ts'

const run = promisify(execFile)
const DIST_PACKAGES = 'usr/lib/python3/dist-packages'

/** A distribution directory found in an unpacked package. */
export interface DebDist {
  /** The directory's (or egg-info file's) name under dist-packages. */
  entry: string
  /** The name and version its name spells. */
  name: string
  version: string
  /** The metadata file, as a path under dist-packages (`six-1.16.0.egg-info/PKG-INFO`). */
  metadataPath: string
  metadata: string
  /** setuptools' requires.txt of an egg-info directory ('' without one). */
  requiresTxt: string
}

/**
 * Unpacks the .deb's dist-packages tree under `into` (`metadataOnly`: its distributions' metadata directories only);
 * the folder holding the unpacked dist-packages. A package without any leaves it empty.
 */
export async function unpackDistPackages(
  debFile: string,
  into: string,
  metadataOnly: boolean,
  signal?: AbortSignal,
): Promise<string> {
  const root = `./${DIST_PACKAGES}`
  const members = metadataOnly ? [`${root}/*.dist-info/*`, `${root}/*.egg-info`, `${root}/*.egg-info/*`] : [root]
  // tar fails when a pattern matches nothing (a package with no egg-info): what did match is unpacked all the same
  await run(
    'bash',
    [
      '-c',
      'deb="$1" into="$2"; shift 2; dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$into" --wildcards --no-wildcards-match-slash "$@"',
      '-',
      debFile,
      into,
      ...members,
    ],
    { maxBuffer: 1024 * 1024, ...(signal ? { signal } : {}) },
  ).catch(() => signal?.throwIfAborted())
  return path.join(into, DIST_PACKAGES)
}

/** The distributions directly under an unpacked dist-packages whose name normalises to `name` (PEP 503). */
export function findDists(distPackages: string, name: string): DebDist[] {
  if (!existsSync(distPackages)) return []
  const out: DebDist[] = []
  for (const entry of readdirSync(distPackages)) {
    if (!/\.(?:dist|egg)-info$/.test(entry)) continue
    const full = path.join(distPackages, entry)
    const isDir = statSync(full).isDirectory()
    const metadataPath = isDir ? `${entry}/${entry.endsWith('.dist-info') ? 'METADATA' : 'PKG-INFO'}` : entry
    const found = libraryOfPath(`${DIST_PACKAGES}/${metadataPath}`)
    if (typeof found !== 'object' || pep503(found.name) !== pep503(name)) continue
    const metadata = readBounded(path.join(distPackages, metadataPath))
    if (metadata === null) continue
    const requiresTxt = isDir ? (readBounded(path.join(full, 'requires.txt')) ?? '') : ''
    out.push({ entry, name: found.name, version: found.version, metadataPath, metadata, requiresTxt })
  }
  return out
}

/**
 * The top-level entries of dist-packages that are the distribution's: the first component of each path its RECORD
 * lists (none leaving dist-packages), else its top_level.txt names (`name/`, `name.py`, `name.*.so`), and its
 * metadata directory; only what exists.
 */
export function distMembers(distPackages: string, dist: DebDist): string[] {
  const here = new Set(readdirSync(distPackages))
  const record = readBounded(path.join(distPackages, dist.entry, 'RECORD'))
  const topLevel = readBounded(path.join(distPackages, dist.entry, 'top_level.txt'))
  const out = new Set<string>([dist.entry])
  if (record !== null) {
    for (const line of record.split('\n')) {
      const file = line.split(',')[0]?.trim() ?? ''
      const first = file.split('/')[0] ?? ''
      if (file && first !== '..' && !file.startsWith('/') && here.has(first)) out.add(first)
    }
  } else if (topLevel !== null) {
    for (const name of topLevel.split('\n').map((n) => n.trim().replace(/\/.*$/, ''))) {
      if (!name || name.startsWith('.')) continue
      for (const e of here)
        if (e === name || e === `${name}.py` || (e.startsWith(`${name}.`) && e.endsWith('.so'))) out.add(e)
    }
  }
  return [...out].sort()
}

/** A small text file's contents (null when missing, not a file, or larger than the metadata bound). */
function readBounded(file: string): string | null {
  try {
    const st = statSync(file)
    if (!st.isFile() || st.size > MAX_METADATA) return null
    return readFileSync(file, 'utf8')
  } catch {
    return null
  }
}
