// pip's requirements files (pip.pypa.io "Requirements File Format"; pip-compile writes them, with hashes or not):
// `\` continuations joined, `#` comments (at a line's start or after a space) dropped, `-r`/`--requirement` files
// read through the caller (paths are its business), `-c` constraints, `-e` editables and URL or path requirements
// counted as skipped, other options (`--index-url`, `--hash=…`, …) ignored. A PEP 508 requirement pinned with one
// `==` (or `===`) and no wildcard is an exact `pkg:pypi/<name>@<version>`; any other specifier set is the purl and a
// requirement, and a bare name the purl alone. Extras and environment markers (after `;`) are not part of a purl.
import { parsePep508 } from '../../dependencies/pep508.ts'
import { parsePep440Specifier } from '../versions/pep440-specifiers.ts'
import { checkSize, ProjectCollector, type ProjectFile, ProjectFileError } from './project-file.ts'

/**
 * The text of a file that `from` includes with `-r path`, and the name it is known by (the same file reached twice
 * is read once); undefined when it cannot be read.
 */
export type ReadInclude = (path: string, from: string) => { name: string; text: string } | undefined

const MAX_INCLUDE_DEPTH = 8
const MAX_FILES = 64
const COMMENT = /(^|\s+)#.*$/

export function readRequirements(text: string, name = 'requirements.txt', include?: ReadInclude): ProjectFile {
  const out = new ProjectCollector('requirements', 'pypi')
  const seen = new Set([name])
  const read = (body: string, from: string, depth: number) => {
    checkSize(body, from)
    for (const line of logicalLines(body)) {
      const l = line.replace(COMMENT, '').trim()
      if (l === '') continue
      if (!l.startsWith('-')) requirement(out, l)
      else if (/^(-r|--requirement\b)/.test(l)) {
        const path = optionValue(l)
        const file = path === '' || depth >= MAX_INCLUDE_DEPTH ? undefined : include?.(path, from)
        if (!file) out.skip('include')
        else if (!seen.has(file.name)) {
          if (seen.size >= MAX_FILES) throw new ProjectFileError(`${name}: more than ${MAX_FILES} files included`)
          seen.add(file.name)
          read(file.text, file.name, depth + 1)
        }
      } else if (/^(-c|--constraint\b)/.test(l)) out.skip('constraints')
      else if (/^(-e|--editable\b)/.test(l)) out.skip('editable')
    }
  }
  read(text, name, 0)
  return out.done()
}

/** The lines pip reads: a line ending in `\` goes on with the next, unless the line is a comment. */
function logicalLines(text: string): string[] {
  const lines: string[] = []
  let pending = ''
  for (const raw of text.split(/\r?\n/)) {
    if (raw.endsWith('\\') && !/^\s*#/.test(raw)) pending += `${raw.slice(0, -1)} `
    else {
      lines.push(pending + raw)
      pending = ''
    }
  }
  if (pending !== '') lines.push(pending)
  return lines
}

/** `-r file`, `-rfile`, `--requirement file`, `--requirement=file`. */
function optionValue(line: string): string {
  const m = /^(?:-r|--requirement)(?:=|\s*)(\S*)/.exec(line)
  return m?.[1] ?? ''
}

/** A requirement read: a name and its exact version or requirement, or the kind it is counted under. */
export type ReadRequirement =
  | { name: string; version: { exact: string } | { requirement: string } }
  | { skipped: string }

function requirement(out: ProjectCollector, line: string): void {
  const read = readRequirement(line)
  if ('skipped' in read) out.skip(read.skipped)
  else out.add(read.name, read.version, false)
}

/**
 * One requirement line: a local path or URL pip accepts (counted), else a PEP 508 requirement read by the KB's parser
 * of them (dependencies/pep508.ts, as a distribution's `Requires-Dist`), options after it ignored.
 */
export function readRequirement(line: string): ReadRequirement {
  // per-requirement options (`--hash=…`, `--config-settings …`) follow the requirement
  const [spec = ''] = line.split(/\s+--?[A-Za-z]/, 1)
  const [req = ''] = spec.split(';', 1)
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(req)) return { skipped: 'url' }
  if (/^[./~]|[\\/]|\.(whl|zip|tar\.gz|tar\.bz2|tgz)$/i.test(req.trim()) && !/@/.test(req)) return { skipped: 'path' }
  const parsed = parsePep508(spec.trim())
  if (!parsed) return { skipped: 'invalid' }
  if (parsed.url !== undefined) return { skipped: 'url' }
  const clauses = parsePep440Specifier(parsed.specifier) ?? []
  const [only] = clauses
  if (clauses.length === 1 && only && (only.op === '==' || only.op === '===') && !only.text.includes('*'))
    return { name: parsed.name, version: { exact: only.text } }
  return { name: parsed.name, version: { requirement: parsed.specifier.replace(/\s+/g, '') } }
}
