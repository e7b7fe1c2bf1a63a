// pyproject.toml, a Python project's manifest: PEP 621's `[project] dependencies` and `optional-dependencies` (PEP 508
// strings, read as a requirements line is), PEP 735's `[dependency-groups]` (dev), and Poetry's
// `[tool.poetry.dependencies]`, `dev-dependencies` and `group.<name>.dependencies` (dev but "main"), whose
// requirements are written in PEP 440 (`^1.2` → `>=1.2,<2`, `~1.2` → `>=1.2,<1.3`, a bare `1.2.3` → `==1.2.3`).
// Path, git and URL dependencies are counted as skipped; `python` is no dependency.
import { isTable, type Json, ProjectCollector, type ProjectFile, readToml } from './project-file.ts'
import { readRequirement } from './requirements-txt.ts'

const WHAT = 'pyproject.toml'

export function readPyproject(text: string): ProjectFile {
  const doc = readToml(text, WHAT)
  const out = new ProjectCollector('pyproject', 'pypi')
  const project = isTable(doc.project) ? doc.project : {}
  pep508(out, project.dependencies, false)
  for (const extra of lists(project['optional-dependencies'])) pep508(out, extra, false)
  for (const group of lists(doc['dependency-groups'])) pep508(out, group, true)
  const poetry = isTable(doc.tool) && isTable(doc.tool.poetry) ? doc.tool.poetry : {}
  poetryTable(out, poetry.dependencies, false)
  poetryTable(out, poetry['dev-dependencies'], true)
  const groups = isTable(poetry.group) ? poetry.group : {}
  for (const [name, group] of Object.entries(groups))
    if (isTable(group)) poetryTable(out, group.dependencies, name !== 'main')
  return out.done()
}

const lists = (table: unknown): unknown[] => (isTable(table) ? Object.values(table) : [])

function pep508(out: ProjectCollector, list: unknown, dev: boolean): void {
  // a dependency group may include another (`{ include-group = "…" }`): that group is read in its own right
  for (const line of Array.isArray(list) ? list.filter((l) => typeof l === 'string') : []) {
    const read = readRequirement(line.trim())
    if ('skipped' in read) out.skip(read.skipped)
    else out.add(read.name, read.version, dev)
  }
}

function poetryTable(out: ProjectCollector, table: unknown, dev: boolean): void {
  for (const [name, spec] of Object.entries(isTable(table) ? table : {})) {
    if (name.toLowerCase() === 'python') continue
    // several constraints by marker (`[{ version = "…", python = "…" }, …]`): each one
    for (const one of Array.isArray(spec) ? spec : [spec]) {
      const dep: Json = typeof one === 'string' ? { version: one } : isTable(one) ? one : {}
      const kind = ['path', 'git', 'url'].find((k) => dep[k] !== undefined)
      if (kind) out.skip(kind)
      else if (typeof dep.version !== 'string') out.skip('invalid')
      else {
        const requirement = poetryRequirement(dep.version)
        if (requirement === undefined) out.skip('invalid')
        else {
          const exact = /^===?([^,*|]+)$/.exec(requirement)
          out.add(name, exact ? { exact: exact[1] as string } : { requirement }, dev)
        }
      }
    }
  }
}

/** A Poetry requirement in PEP 440 (`||` kept between alternatives); undefined when a clause is not one. */
function poetryRequirement(req: string): string | undefined {
  const alternatives = req.split('||').map((alt) =>
    alt
      .split(',')
      .map((c) => c.trim().replace(/\s+/g, ''))
      .filter((c) => c !== '' && c !== '*')
      .map(clause),
  )
  if (alternatives.some((a) => a.includes(undefined))) return undefined
  return alternatives.map((a) => a.join(',')).join('||')
}

function clause(c: string): string | undefined {
  if (/^(~=|===|==|!=|<=|>=|<|>)\S+$/.test(c)) return c
  if (/^\d[\w.*+!-]*$/.test(c)) return `==${c}`
  const m = /^([~^])(\d+(?:\.\d+){0,2})\S*$/.exec(c)
  if (!m) return undefined
  const [, op, version = ''] = m
  const parts = version.split('.').map(Number)
  // caret: the first non-zero part given (the last one when all are zero) goes up; tilde: the minor, or the major alone
  const firstNonZero = parts.findIndex((n) => n !== 0)
  const at = op === '^' ? (firstNonZero === -1 ? parts.length - 1 : firstNonZero) : Math.min(1, parts.length - 1)
  const upper = [...parts.slice(0, at), (parts[at] ?? 0) + 1].join('.')
  return `>=${c.slice(1)},<${upper}`
}
