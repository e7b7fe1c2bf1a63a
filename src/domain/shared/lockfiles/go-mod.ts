// go.mod as a project file: its direct requirements (the `require` lines not marked `// indirect`) as
// `pkg:golang/<module path>@<version>`, the main module's `replace` applied (a requirement replaced by another module
// is that module at its version; by a local folder, counted as `path`). The requirements marked `// indirect` are
// counted as `indirect` (go.sum lists what the build downloads). A go.mod names exact minimum versions, which minimal
// version selection may raise: the versions are the file's.
import { parseGoMod } from '../../dependencies/go-mod.ts'
import { checkSize, ProjectCollector, type ProjectFile, ProjectFileError } from './project-file.ts'

export function readGoMod(text: string): ProjectFile {
  checkSize(text, 'go.mod')
  const mod = parseGoMod(text)
  if (mod.module === undefined && mod.problems.length > 0)
    throw new ProjectFileError(`go.mod: ${mod.problems.slice(0, 3).join('; ')}`)
  const out = new ProjectCollector('go-mod', 'golang')
  for (const r of mod.require) {
    if (r.indirect) {
      out.skip('indirect')
      continue
    }
    const replaced =
      mod.replace.find((x) => x.path === r.path && x.version === r.version) ??
      mod.replace.find((x) => x.path === r.path && x.version === undefined)
    if (replaced && replaced.newVersion === undefined) out.skip('path')
    else if (replaced) out.add(replaced.newPath, { exact: replaced.newVersion as string }, false)
    else out.add(r.path, { exact: r.version }, false)
  }
  return out.done()
}
