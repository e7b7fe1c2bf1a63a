// A project file read from disk, for the commands and benches that take one (`compintel notices`, bench/coverage.ts):
// its reader chosen by its name (readProjectFile), a requirements file's `-r` includes read from beside the file that
// names them (local files only: never a URL; each bounded as the file itself), a pom.xml's parents from the folders
// above it (Maven's default <relativePath> is ../pom.xml; each candidate is taken only when its coordinates are the
// parent's).
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { SyncPomLoader } from '../domain/maven/effective-pom.ts'
import { parsePom } from '../domain/maven/pom.ts'
import { MAX_PROJECT_FILE_CHARS, type ProjectFile } from '../domain/shared/lockfiles/project-file.ts'
import type { ReadInclude } from '../domain/shared/lockfiles/requirements-txt.ts'
import { readProjectFile } from '../domain/shared/project-components.ts'

/** The file's components; undefined when its name is not a project file's. Throws ProjectFileError or a read error. */
export function readProjectFileAt(file: string): ProjectFile | undefined {
  return readProjectFile(file, readBounded(file), { include: includeBeside, pomParent: parentAbove(file) })
}

/** Folders above a pom.xml searched for its parents. */
const PARENT_LEVELS = 4

function parentAbove(file: string): SyncPomLoader {
  const candidates: string[] = []
  for (let dir = path.dirname(path.resolve(file)), i = 0; i < PARENT_LEVELS; i++) {
    const up = path.dirname(dir)
    if (up === dir) break
    dir = up
    candidates.push(path.join(dir, 'pom.xml'))
  }
  return (groupId, artifactId, version) => {
    for (const candidate of candidates) {
      let text: string
      try {
        text = readBounded(candidate)
        const p = parsePom(text)
        const g = p.groupId ?? p.parent?.groupId
        const v = p.version ?? p.parent?.version
        if (g === groupId && p.artifactId === artifactId && v === version) return text
      } catch {
        // no readable POM there
      }
    }
    return undefined
  }
}

const includeBeside: ReadInclude = (included, from) => {
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(included)) return undefined
  const file = path.resolve(path.dirname(from), included)
  try {
    return { name: file, text: readBounded(file) }
  } catch {
    return undefined
  }
}

function readBounded(file: string): string {
  // a byte count over the bound is over it in characters too (UTF-8: at least one byte a character)
  if (statSync(file).size > 4 * MAX_PROJECT_FILE_CHARS) throw new Error(`${file}: too large for a project file`)
  return readFileSync(file, 'utf8')
}
