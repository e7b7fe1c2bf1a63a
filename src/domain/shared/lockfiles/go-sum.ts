// go.sum as a project file: each `<module path> <version> h1:<hash>` line, the hash of a module version's files, is
// `pkg:golang/<module path>@<version>`; a version with only a `<version>/go.mod` line had its go.mod read (minimal
// version selection needed its requirements) but none of its files built, and is counted as `go.mod only`. go.sum does
// not tell test-only modules apart, so none is dev. A line of another shape is refused: the file is the go command's.
import { checkSize, ProjectCollector, type ProjectFile, ProjectFileError } from './project-file.ts'

const LINE = /^(\S+) (\S+) h1:[A-Za-z0-9+/]{43}=$/

export function readGoSum(text: string): ProjectFile {
  checkSize(text, 'go.sum')
  const files = new Set<string>()
  const goModOnly = new Set<string>()
  const modules: [string, string][] = []
  for (const [n, raw] of text.split('\n').entries()) {
    const line = raw.trim()
    if (line === '') continue
    const m = LINE.exec(line)
    if (!m) throw new ProjectFileError(`go.sum: line ${n + 1} is not "<module> <version> h1:<hash>"`)
    const [, path, version] = m as unknown as [string, string, string]
    if (version.endsWith('/go.mod')) goModOnly.add(`${path} ${version.slice(0, -'/go.mod'.length)}`)
    else if (!files.has(`${path} ${version}`)) {
      files.add(`${path} ${version}`)
      modules.push([path, version])
    }
  }
  const out = new ProjectCollector('go-sum', 'golang')
  for (const [path, version] of modules) out.add(path, { exact: version }, false)
  for (const key of goModOnly) if (!files.has(key)) out.skip('go.mod only')
  return out.done()
}
