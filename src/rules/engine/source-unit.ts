// One source file as the rule engine reads it (engine.ts, structural.ts), and the matches it yields.
import type { SgNode, SgRoot } from '@ast-grep/napi'
import { parserLanguage, parseSource } from './ast-languages.ts'

export interface EngineMatch {
  /** 1-based line where the match starts. */
  line: number
  /** 1-based line where the match ends. */
  endLine: number
  /** Offsets of the matched range in the file's text (UTF-16 code units, end exclusive). */
  start: number
  end: number
  /** Identity of the matched range, to intersect clauses. */
  key: string
  /** Metavariables (`$ALG`) bound by the match, with their source text. */
  captures: Map<string, string>
}

/** One file, parsed at most once whatever the number of rules run on it. */
export class SourceUnit {
  private parsed: SgRoot | null | undefined
  private lineStarts: number[] | undefined
  readonly parser: string | undefined

  constructor(
    readonly language: string,
    readonly content: string,
    tsx = false,
  ) {
    this.parser = parserLanguage(language, tsx)
  }

  root(): SgNode | undefined {
    if (this.parsed === undefined) {
      try {
        this.parsed = this.parser ? parseSource(this.parser, this.content) : null
      } catch {
        this.parsed = null
      }
    }
    return this.parsed?.root()
  }

  lineAt(offset: number): number {
    if (!this.lineStarts) {
      this.lineStarts = [0]
      for (let i = this.content.indexOf('\n'); i >= 0; i = this.content.indexOf('\n', i + 1))
        this.lineStarts.push(i + 1)
    }
    let lo = 0
    let hi = this.lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((this.lineStarts[mid] as number) <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
}
