// Cargo.lock (formats 1 to 4: the `version` key, absent before 3): every `[[package]]` with a registry source
// (`registry+<index URL>`, or `sparse+<index URL>` for a sparse index) is `pkg:cargo/<name>@<version>`; the
// workspace's own crates and path dependencies (no `source`) and git dependencies (`git+…`) are counted as skipped.
// A lock file cannot tell dev-dependencies apart, so none is dev.
import { ProjectCollector, type ProjectFile, ProjectFileError, packageTables, readToml } from './project-file.ts'

const WHAT = 'Cargo.lock'
const NEWEST_FORMAT = 4

export function readCargoLock(text: string): ProjectFile {
  const doc = readToml(text, WHAT)
  const format = doc.version ?? 1
  if (typeof format !== 'number' || !Number.isInteger(format) || format < 1 || format > NEWEST_FORMAT)
    throw new ProjectFileError(`${WHAT}: format version ${String(format).slice(0, 20)}: 1 to ${NEWEST_FORMAT} are read`)
  const out = new ProjectCollector('cargo-lock', 'cargo')
  for (const p of packageTables(doc, WHAT)) out.addLocked(p, sourceKind(p.source), false)
  return out.done()
}

function sourceKind(source: unknown): 'registry' | 'path' | 'git' | 'other' {
  if (source === undefined) return 'path'
  if (typeof source !== 'string') return 'other'
  if (source.startsWith('registry+') || source.startsWith('sparse+')) return 'registry'
  return source.startsWith('git+') ? 'git' : 'other'
}
