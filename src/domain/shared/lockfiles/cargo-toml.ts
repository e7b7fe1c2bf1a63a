// Cargo.toml, a crate's or a workspace's manifest (doc.rust-lang.org/cargo/reference/specifying-dependencies.html),
// read by the KB's reader of manifests (dependencies/cargo-manifest.ts's cargoDependencies) as a project's own: the
// registry dependencies of `[dependencies]`, `[build-dependencies]` and `[dev-dependencies]` (these two dev, as in
// the KB: never linked into the crate), their `[target.<cfg>.…]` forms and `[workspace.dependencies]`, as
// `pkg:cargo/<name>` with Cargo's requirement, a bare version being a caret one (`1.2` → `^1.2`); `=X.Y.Z` alone is
// the exact purl. A renamed dependency is named by its `package`; path and git dependencies (even with a version:
// Cargo builds the local one), and `workspace = true` ones (their requirement is the workspace's), are counted as
// skipped.
import {
  type CargoManifestReading,
  cargoDependencies,
  splitCargoRequirement,
} from '../../dependencies/cargo-manifest.ts'
import type { Dependency } from '../../kb/types.ts'
import { isTable, ProjectCollector, type ProjectFile, readToml } from './project-file.ts'

const WHAT = 'Cargo.toml'

export function readCargoToml(text: string): ProjectFile {
  const doc = readToml(text, WHAT)
  const out = new ProjectCollector('cargo-toml', 'cargo')
  const reading: CargoManifestReading = { local: true, leftOut: (why) => out.skip(why) }
  const workspace = isTable(doc.workspace) && isTable(doc.workspace.dependencies) ? doc.workspace.dependencies : {}
  for (const dep of [...cargoDependencies(doc, reading), ...cargoDependencies({ dependencies: workspace }, reading)])
    component(out, dep)
  return out.done()
}

function component(out: ProjectCollector, dep: Dependency): void {
  const { requirement: written } = splitCargoRequirement(dep.requirement)
  const local = /^(git|path)\+/.exec(written)
  if (local) {
    out.skip(local[1] as string)
    return
  }
  // another registry's crate (`registry+<name> <req>`): its requirement
  const requirement = cargoRequirement(written.replace(/^registry\+\S+\s+/, ''))
  const exact = /^=\s*(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?)$/.exec(requirement)
  out.add(dep.name, exact ? { exact: exact[1] as string } : { requirement }, dep.scope === 'dev')
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
