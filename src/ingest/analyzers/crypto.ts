// The crypto analyzer: cryptographic algorithms (catalogue keywords in one automaton pass per source file, with
// guards, then the structural `dca` rules) and hints (libraries, SDKs, frameworks, protocols) of a package version,
// with evidence: a few (path, line, rule) per finding so that an answer can be explained (docs/cryptography.md).
import { strengthOf } from '../../domain/cryptography/strength.ts'
import type { CryptoAnalysis, Evidence } from '../../domain/cryptography/types.ts'
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

export const cryptoAnalyzer: Analyzer<CryptoAnalysis> = {
  name: 'crypto',
  // 2: compintel's keyword changes (data/crypto-keywords) and the dca rules
  version: '2',
  start() {
    const byPath = new Map<string, FileFindings>() // a later entry for the same path replaces the earlier one
    return {
      file(e) {
        const f = scanFile(e)
        if (f) byPath.set(e.path, f)
        else byPath.delete(e.path)
      },
      finish: () => summariseCrypto(byPath),
    }
  },
}
