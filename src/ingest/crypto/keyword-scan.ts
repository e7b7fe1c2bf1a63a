// Keyword detection of cryptographic algorithms: the catalogue's keywords, all at once, in one pass over a file's
// bytes, with the guards of the released `keywords` ruleset (domain/cryptography/keyword-guard.ts).
import { acceptsMatch } from '../../domain/cryptography/keyword-guard.ts'
import type { CatalogueAlgorithm } from '../../domain/cryptography/types.ts'
import { loadCatalogue } from './catalogue.ts'
import { KeywordAutomaton } from './keyword-automaton.ts'

export interface KeywordHit {
  algorithm: string
  keyword: string
  /** 1-based line of the first accepted occurrence in the file. */
  line: number
}

export class KeywordScanner {
  private readonly automaton: KeywordAutomaton
  /** For each keyword of the automaton, the algorithms it stands for (a keyword may be listed under several). */
  private readonly owners: string[][]

  constructor(catalogue: readonly CatalogueAlgorithm[] = loadCatalogue()) {
    const byKeyword = new Map<string, string[]>()
    for (const a of catalogue)
      for (const k of a.keywords) {
        const list = byKeyword.get(k) ?? []
        list.push(a.id)
        byKeyword.set(k, list)
      }
    const keywords = [...byKeyword.keys()].sort()
    this.automaton = new KeywordAutomaton(keywords)
    this.owners = keywords.map((k) => byKeyword.get(k) as string[])
  }

  /** The algorithms found in one file, each once, with the keyword and line of its first accepted occurrence. */
  scan(bytes: Uint8Array): KeywordHit[] {
    const first = new Map<string, { keyword: string; start: number }>()
    this.automaton.scan(bytes, (m) => {
      const keyword = this.automaton.keywords[m.keyword] as string
      if (!acceptsMatch(bytes, m.start, m.end, keyword)) return
      for (const algorithm of this.owners[m.keyword] as string[])
        if (!first.has(algorithm)) first.set(algorithm, { keyword, start: m.start })
    })
    return [...first]
      .map(([algorithm, f]) => ({ algorithm, keyword: f.keyword, line: lineAt(bytes, f.start) }))
      .sort((a, b) => (a.algorithm < b.algorithm ? -1 : a.algorithm > b.algorithm ? 1 : 0))
  }
}

function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1
  for (let i = 0; i < offset; i++) if (bytes[i] === 10) line++
  return line
}
