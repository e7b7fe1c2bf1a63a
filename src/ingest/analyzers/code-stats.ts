// The code-stats analyzer: source files, lines, blank lines and source files per language (docs/components.md
// "Statistics").
//
// A source file is a regular, non-binary file whose linguist language (see languages.ts) has type 'programming'
// (so JavaScript, TypeScript, Shell… count; JSON, YAML, Markdown, CSS, HTML do not). Binary (text.ts): a known
// binary extension or a NUL byte in the first 8 KiB. Minified or generated code is not told apart: a minified
// bundle counts as one source file with its (few, long) lines. A file over MAX_ANALYZED_BYTES has no content to
// read: it counts as a source file by its name alone (binary by extension only) and adds no lines.
import { detectLanguage } from './languages.ts'
import { countLines, isBinary } from './text.ts'
import type { Analyzer, FileEntry } from './types.ts'

export interface CodeStats {
  total_source_files: number
  /** Over source files only. */
  total_lines: number
  /** Over source files only: lines empty or whitespace-only. */
  total_blank_lines: number
  /** Source files per language, by files descending then name. */
  languages: { name: string; files: number }[]
}

interface SourceFileCount {
  language: string
  lines: number
  blank: number
}

/** How one file counts, or undefined when it is not a source file. */
function countSourceFile(e: FileEntry): SourceFileCount | undefined {
  if (isBinary(e.path, e.content)) return undefined
  const lang = detectLanguage(e.path, e.content)
  if (lang?.type !== 'programming') return undefined
  const { lines, blank } = e.content ? countLines(e.content) : { lines: 0, blank: 0 }
  return { language: lang.name, lines, blank }
}

function summariseCodeStats(counts: Iterable<SourceFileCount>): CodeStats {
  const stats: CodeStats = { total_source_files: 0, total_lines: 0, total_blank_lines: 0, languages: [] }
  const perLanguage = new Map<string, number>()
  for (const c of counts) {
    stats.total_source_files++
    stats.total_lines += c.lines
    stats.total_blank_lines += c.blank
    perLanguage.set(c.language, (perLanguage.get(c.language) ?? 0) + 1)
  }
  stats.languages = [...perLanguage]
    .map(([name, files]) => ({ name, files }))
    .sort((a, b) => b.files - a.files || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return stats
}

export const codeStatsAnalyzer: Analyzer<CodeStats> = {
  name: 'code-stats',
  version: '1',
  start() {
    const byPath = new Map<string, SourceFileCount>() // keyed by path: a duplicate entry replaces the earlier one
    return {
      file(e) {
        const c = countSourceFile(e)
        if (c) byPath.set(e.path, c)
        else byPath.delete(e.path)
      },
      finish: () => summariseCodeStats(byPath.values()),
    }
  },
}
