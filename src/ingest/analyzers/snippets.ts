// The snippets analyzer: the winnowing fingerprints of each file a client would fingerprint for snippet matching
// (domain/scanning/eligibility.ts decides which, as the clients do), so that POST /scan/direct can find the
// fragments of a package's files in a scanned one (docs/scanning.md). Each distinct content is fingerprinted once per
// version; the KB indexes it once whatever holds it (storage/snippet-index.ts), and keeps only a summary in analyses.

import { snippetEligible } from '../../domain/scanning/eligibility.ts'
import { SNIPPETS_ANALYZER, type SnippetContent } from '../../domain/scanning/types.ts'
import { fingerprints } from '../../domain/scanning/winnowing.ts'
import { countLines } from './text.ts'
import type { Analyzer } from './types.ts'

export interface SnippetsOutput {
  /** Sorted by MD5; each content once. */
  contents: SnippetContent[]
}

export const snippetsAnalyzer: Analyzer<SnippetsOutput> = {
  name: SNIPPETS_ANALYZER,
  version: '1',
  start() {
    const byPath = new Map<string, SnippetContent>() // a duplicate path replaces the first
    return {
      file(e) {
        byPath.delete(e.path)
        if (!e.content || !snippetEligible(e.path, e.content)) return
        const found = fingerprints(e.content)
        if (found.length > 0)
          byPath.set(e.path, { md5: e.md5, lines: countLines(e.content).lines, fingerprints: found })
      },
      finish() {
        const byMd5 = new Map([...byPath.values()].map((c) => [c.md5, c]))
        return { contents: [...byMd5.values()].sort((a, b) => (a.md5 < b.md5 ? -1 : a.md5 > b.md5 ? 1 : 0)) }
      },
    }
  },
}
