// The crypto analyzer: cryptographic algorithms (catalogue keywords in one automaton pass per source file, with
// guards, then the structural `dca` rules) and hints (libraries, SDKs, frameworks, protocols) of a package version,
// with evidence: a few (path, line, rule) per finding so that an answer can be explained (docs/cryptography.md); and
// the algorithms of each file content, by MD5, which the KB keeps in file_algorithms for the scan.
import { strengthOf } from '../../domain/cryptography/strength.ts'
import {
  type ContentAlgorithms,
  CRYPTO_ANALYZER,
  type CryptoAnalysis,
  type CryptoOutput,
  type Evidence,
} from '../../domain/cryptography/types.ts'
import { loadCatalogue } from '../crypto/catalogue.ts'
import { matchDca } from '../crypto/dca.ts'
import { type HintFinding, HintScanner } from '../crypto/hints.ts'
import { KeywordScanner } from '../crypto/keyword-scan.ts'
import { detectLanguage } from './languages.ts'
import { isBinary } from './text.ts'
import type { Analyzer, FileEntry } from './types.ts'

/** Evidence kept per algorithm or hint: the first files in path order. */
const MAX_EVIDENCE = 3

interface FileFindings {
  algorithms: { algorithm: string; line: number; rule: string }[]
  hints: HintFinding[]
}

let scanners: { keywords: KeywordScanner; hints: HintScanner } | undefined

function tools() {
  scanners ??= { keywords: new KeywordScanner(), hints: new HintScanner() }
  return scanners
}

/** What one file contributes; undefined when it is not a source file (or the package manifest). */
export function scanFile(e: FileEntry): FileFindings | undefined {
  if (!e.content) return undefined
  const { keywords, hints } = tools()
  if (e.path === 'package.json') return { algorithms: [], hints: hints.fromManifest(e.path, e.content) }
  if (isBinary(e.path, e.content)) return undefined
  const lang = detectLanguage(e.path, e.content)
  if (lang?.type !== 'programming') return undefined
  const found = keywords
    .scan(e.content)
    .map((h) => ({ algorithm: h.algorithm, line: h.line, rule: `keywords/${h.algorithm}` }))
  // structural (dca) rules add what keywords cannot see, e.g. crypto.createHash('md5'); one finding per algorithm
  for (const d of matchDca(e.path, e.content.toString('utf8')))
    if (!found.some((f) => f.algorithm === d.algorithm))
      found.push({ algorithm: d.algorithm, line: d.line, rule: d.ruleId })
  return { algorithms: found, hints: hints.fromSource(e.path, lang.name, e.content) }
}

/** The algorithms of each file content that has any, by MD5 (the same content at two paths is listed once). */
function contentAlgorithms(byPath: ReadonlyMap<string, FileFindings & { md5: string }>): ContentAlgorithms[] {
  const byMd5 = new Map<string, Set<string>>()
  for (const f of byPath.values()) {
    if (f.algorithms.length === 0) continue
    const set = byMd5.get(f.md5) ?? new Set<string>()
    for (const a of f.algorithms) set.add(a.algorithm)
    byMd5.set(f.md5, set)
  }
  return [...byMd5.keys()].sort().map((md5) => ({ md5, algorithms: [...(byMd5.get(md5) as Set<string>)].sort() }))
}

function summariseCrypto(byPath: ReadonlyMap<string, FileFindings>): CryptoAnalysis {
  const catalogue = new Map(loadCatalogue().map((a) => [a.id, a]))
  const rules = new Map(tools().hints.rules.map((r) => [r.id, r]))
  const algs = new Map<string, { files: number; evidence: Evidence[] }>()
  const hints = new Map<string, Evidence[]>()
  for (const path of [...byPath.keys()].sort()) {
    const f = byPath.get(path) as FileFindings
    for (const a of f.algorithms) {
      const entry = algs.get(a.algorithm) ?? { files: 0, evidence: [] }
      entry.files++
      if (entry.evidence.length < MAX_EVIDENCE) entry.evidence.push({ path, line: a.line, rule: a.rule })
      algs.set(a.algorithm, entry)
    }
    for (const h of f.hints) {
      const ev = hints.get(h.id) ?? []
      if (ev.length < MAX_EVIDENCE) ev.push({ path, line: h.line, rule: `hints/${h.how}` })
      hints.set(h.id, ev)
    }
  }
  return {
    algorithms: [...algs.keys()].sort().map((id) => ({
      algorithm: id,
      strength: strengthOf(id),
      strength_bits: catalogue.get(id)?.strengthBits ?? '',
      ...(algs.get(id) as { files: number; evidence: Evidence[] }),
    })),
    hints: [...hints.keys()].sort().flatMap((id) => {
      const r = rules.get(id)
      if (!r) return []
      const { detect: _detect, ...hint } = r
      return [{ ...hint, evidence: hints.get(id) as Evidence[] }]
    }),
  }
}

/** The crypto analyzer, reading each file through `scan` (a script may remember the findings of a content). */
export function cryptoAnalyzerWith(scan: typeof scanFile): Analyzer<CryptoOutput> {
  return {
    name: CRYPTO_ANALYZER,
    // 2: compintel's keyword changes (data/crypto-keywords) and the dca rules; 3: the algorithms of each file
    version: '3',
    start() {
      // a later entry for the same path replaces the earlier one
      const byPath = new Map<string, FileFindings & { md5: string }>()
      return {
        file(e) {
          const f = scan(e)
          if (f) byPath.set(e.path, { ...f, md5: e.md5 })
          else byPath.delete(e.path)
        },
        finish: () => ({ ...summariseCrypto(byPath), files: contentAlgorithms(byPath) }),
      }
    },
  }
}

export const cryptoAnalyzer = cryptoAnalyzerWith(scanFile)
