// poetry.lock (lock-version 1.x and 2.x): every `[[package]]` from a package index (PyPI, or a `legacy` index the
// project names in `[package.source]`) is `pkg:pypi/<name>@<version>`, its name normalised per PEP 503; packages from
// git, a directory, a file or a URL are counted as skipped. Dev: Poetry 2's `groups` without "main" (lock-version
// 2.1), or Poetry 1's `category = "dev"`.
import {
  isTable,
  ProjectCollector,
  type ProjectFile,
  ProjectFileError,
  packageTables,
  readToml,
} from './project-file.ts'

const WHAT = 'poetry.lock'
/** `[package.source] type`s that name a package index (Poetry's "legacy" repositories and PyPI mirrors). */
const INDEX_SOURCES = new Set(['legacy', 'pypi'])
/** The other types Poetry writes: packages no index serves. */
const OTHER_SOURCES = new Set(['git', 'directory', 'file', 'url'])

export function readPoetryLock(text: string): ProjectFile {
  const doc = readToml(text, WHAT)
  const meta = doc.metadata
  const lockVersion = isTable(meta) ? meta['lock-version'] : undefined
  if (lockVersion !== undefined && (typeof lockVersion !== 'string' || !/^[12]\.\d+$/.test(lockVersion)))
    throw new ProjectFileError(`${WHAT}: lock-version ${String(lockVersion).slice(0, 20)}: 1.x and 2.x are read`)
  const out = new ProjectCollector('poetry-lock', 'pypi')
  for (const p of packageTables(doc, WHAT)) out.addLocked(p, sourceKind(p.source), isDev(p))
  return out.done()
}

function sourceKind(source: unknown): string {
  if (source === undefined) return 'registry'
  const type = isTable(source) ? String(source.type) : ''
  return INDEX_SOURCES.has(type) ? 'registry' : OTHER_SOURCES.has(type) ? type : 'other'
}

function isDev(p: Record<string, unknown>): boolean {
  if (Array.isArray(p.groups)) return p.groups.length > 0 && !p.groups.includes('main')
  return p.category === 'dev'
}
