// uv.lock (version 1): every `[[package]]` with `source = { registry = … }` is `pkg:pypi/<name>@<version>`, its name
// normalised per PEP 503; the project's own packages (`editable`, `virtual`) and `directory`, `path`, `git` and `url`
// ones are counted as skipped. The file marks no package dev: a package is dev when the project's own packages reach
// it only through their `[package.dev-dependencies]` groups, not through their dependencies and extras.
import {
  isTable,
  type Json,
  ProjectCollector,
  type ProjectFile,
  ProjectFileError,
  packageTables,
  readToml,
} from './project-file.ts'

const WHAT = 'uv.lock'
const SOURCE_KINDS = ['registry', 'editable', 'virtual', 'directory', 'path', 'git', 'url'] as const
const PROJECT_KINDS = new Set(['editable', 'virtual'])

export function readUvLock(text: string): ProjectFile {
  const doc = readToml(text, WHAT)
  if (doc.version !== 1) throw new ProjectFileError(`${WHAT}: version ${String(doc.version).slice(0, 20)}: 1 is read`)
  const packages = packageTables(doc, WHAT)
  const runtime = runtimePackages(packages)
  const out = new ProjectCollector('uv-lock', 'pypi')
  for (const p of packages) out.addLocked(p, sourceKind(p.source), runtime !== undefined && !runtime.has(p))
  return out.done()
}

function sourceKind(source: unknown): string {
  if (!isTable(source)) return 'other'
  return SOURCE_KINDS.find((k) => source[k] !== undefined) ?? 'other'
}

/**
 * The packages the project's own packages need to run: their dependencies and extras, and what those need in turn
 * (with the extras each reference asks for); undefined when the file holds no package of the project's own.
 */
function runtimePackages(packages: Json[]): Set<Json> | undefined {
  const roots = packages.filter((p) => PROJECT_KINDS.has(sourceKind(p.source)))
  if (roots.length === 0) return undefined
  const byName = new Map<string, Json[]>()
  for (const p of packages) if (typeof p.name === 'string') byName.set(p.name, [...(byName.get(p.name) ?? []), p])
  const reached = new Set<Json>()
  const extrasTaken = new Map<Json, Set<string>>()
  // each step: a package's own dependencies (the first time it is reached), or one of its extras (once)
  const queue: { p: Json; extra?: string }[] = roots.flatMap((p) => [
    { p },
    ...Object.keys(isTable(p['optional-dependencies']) ? p['optional-dependencies'] : {}).map((extra) => ({
      p,
      extra,
    })),
  ])
  for (let step = queue.pop(); step !== undefined; step = queue.pop()) {
    const { p, extra } = step
    if (extra === undefined ? reached.has(p) : extrasTaken.get(p)?.has(extra)) continue
    if (extra === undefined) reached.add(p)
    else extrasTaken.set(p, (extrasTaken.get(p) ?? new Set()).add(extra))
    const refs = extra === undefined ? p.dependencies : group(p, 'optional-dependencies', extra)
    for (const ref of Array.isArray(refs) ? refs.filter(isTable) : []) {
      for (const target of byName.get(String(ref.name)) ?? []) {
        if (ref.version !== undefined && target.version !== ref.version) continue
        queue.push({ p: target })
        for (const e of Array.isArray(ref.extra) ? ref.extra : []) queue.push({ p: target, extra: String(e) })
      }
    }
  }
  return reached
}

const group = (p: Json, table: string, name: string): unknown => {
  const groups = p[table]
  return isTable(groups) && Object.hasOwn(groups, name) ? groups[name] : undefined
}
