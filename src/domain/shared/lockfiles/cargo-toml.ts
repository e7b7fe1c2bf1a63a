// Cargo.toml, a crate's or a workspace's manifest (doc.rust-lang.org/cargo/reference/specifying-dependencies.html):
// the registry dependencies of `[dependencies]`, `[build-dependencies]`, `[dev-dependencies]` (dev), their
// `[target.<cfg>.…]` forms and `[workspace.dependencies]`, as `pkg:cargo/<name>` with Cargo's requirement, a bare
// version being a caret one (`1.2` → `^1.2`); `=X.Y.Z` alone is the exact purl. A renamed dependency is named by its
// `package`; path and git dependencies, and `workspace = true` ones (their requirement is the workspace's), are
// counted as skipped.
import { isTable, type Json, ProjectCollector, type ProjectFile, readToml } from './project-file.ts'

const WHAT = 'Cargo.toml'
const KINDS: [table: string, dev: boolean][] = [
  ['dependencies', false],
  ['build-dependencies', false],
  ['build_dependencies', false],
  ['dev-dependencies', true],
  ['dev_dependencies', true],
]

export function readCargoToml(text: string): ProjectFile {
  const doc = readToml(text, WHAT)
  const out = new ProjectCollector('cargo-toml', 'cargo')
  const targets = isTable(doc.target) ? Object.values(doc.target).filter(isTable) : []
  for (const scope of [doc, ...targets])
    for (const [table, dev] of KINDS) if (isTable(scope[table])) dependencies(out, scope[table], dev)
  const workspace = doc.workspace
  if (isTable(workspace) && isTable(workspace.dependencies)) dependencies(out, workspace.dependencies, false)
  return out.done()
}

function dependencies(out: ProjectCollector, table: Json, dev: boolean): void {
  for (const [key, spec] of Object.entries(table)) {
    const dep: Json = typeof spec === 'string' ? { version: spec } : isTable(spec) ? spec : {}
    if (dep.workspace === true) out.skip('workspace')
    else if (dep.path !== undefined) out.skip('path')
    else if (dep.git !== undefined) out.skip('git')
    else if (typeof dep.version !== 'string') out.skip('invalid')
    else {
      const name = typeof dep.package === 'string' ? dep.package : key
      const requirement = cargoRequirement(dep.version)
      const exact = /^=\s*(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?)$/.exec(requirement)
      out.add(name, exact ? { exact: exact[1] as string } : { requirement }, dev)
    }
  }
}

/** Cargo's requirement with its bare versions written as the caret ones they are (`1.2, <1.5` → `^1.2, <1.5`). */
function cargoRequirement(req: string): string {
  return req
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '')
    .map((c) => (/^\d/.test(c) && !c.includes('*') ? `^${c}` : c))
    .join(', ')
}
