// `compintel sbom from <Cargo.lock | poetry.lock | uv.lock | requirements.txt>` (docs/sbom.md "A BOM from a
// lockfile"): a CycloneDX 1.6 BOM of the components a project file names (domain/shared/lockfiles/). Each is a
// library component with its purl as bom-ref; a dev one is `optional`, as npm's own writer marks dev packages; an
// unpinned requirements line is a component without a version. The lock files' dependency graphs are not read: the
// BOM has no `dependencies`.
import type { ProjectFile } from '../shared/lockfiles/project-file.ts'
import { parsePurl } from '../shared/purl.ts'
import { bomOf, type LockfileBomOptions } from './from-lockfile.ts'

export function projectFileBom(
  project: ProjectFile,
  projectName: string,
  o: LockfileBomOptions,
): Record<string, unknown> {
  const components = project.components.map((c) => {
    const p = parsePurl(c.purl)
    return {
      type: 'library',
      'bom-ref': c.requirement === undefined ? c.purl : `${c.purl} ${c.requirement}`,
      name: p.name,
      ...(p.namespace ? { group: p.namespace } : {}),
      ...(p.version ? { version: p.version } : {}),
      purl: c.purl,
      scope: c.dev ? 'optional' : 'required',
    }
  })
  return bomOf({ name: projectName }, components, o)
}
