// Hints: the cryptographic libraries, SDKs, frameworks and protocols a package version uses, recognised by the
// rules of data/crypto-hints/hints.json (its README): dependencies in package.json, imports in source files, and
// markers (with the keyword guards).
import { readFileSync } from 'node:fs'
import { acceptsMatch } from '../../domain/cryptography/keyword-guard.ts'
import type { Hint } from '../../domain/cryptography/types.ts'
import { KeywordAutomaton } from './keyword-automaton.ts'

type Family = 'javascript' | 'c' | 'python' | 'java' | 'go' | 'rust'

export interface HintRule extends Hint {
  detect: { packages: string[]; imports: Partial<Record<Family, string[]>>; markers: string[] }
}

export interface HintFinding {
  id: string
  how: 'dependency' | 'import' | 'marker'
  path: string
  line: number
}

const FILE = new URL('../../../data/crypto-hints/hints.json', import.meta.url)
let cached: HintRule[] | undefined

function loadHintRules(): HintRule[] {
  cached ??= (JSON.parse(readFileSync(FILE, 'utf8')) as { hints: HintRule[] }).hints
  return cached
}

const FAMILIES: Record<string, Family> = {
  JavaScript: 'javascript',
  TypeScript: 'javascript',
  TSX: 'javascript',
  C: 'c',
  'C++': 'c',
  'Objective-C': 'c',
  Python: 'python',
  Java: 'java',
  Kotlin: 'java',
  Scala: 'java',
  Go: 'go',
  Rust: 'rust',
}

function familyOf(language: string): Family | undefined {
  return FAMILIES[language]
}

const IMPORTS: Record<Family, RegExp> = {
  javascript: /(?:\brequire\s*\(\s*|\bimport\s*\(\s*|\bfrom\s+|^\s*import\s+)['"]([^'"\n]+)['"]/gm,
  c: /^\s*#\s*include\s*[<"]([^>"\n]+)[>"]/gm,
  python: /^\s*(?:from|import)\s+([\w.]+)/gm,
  java: /^\s*import\s+(?:static\s+)?([\w.]+)/gm,
  go: /^\s*(?:import\s+)?(?:[\w.]+\s+)?"([\w.\-/]+)"\s*$/gm,
  rust: /^\s*(?:pub\s+)?(?:use|extern\s+crate)\s+(?:::)?([\w:]+)/gm,
}

/** The module specifiers a source file of a family imports, with their lines. */
function importsOf(family: Family, text: string): { spec: string; line: number }[] {
  const out: { spec: string; line: number }[] = []
  for (const m of text.matchAll(IMPORTS[family])) {
    const line = text.slice(0, m.index).split('\n').length + (m[0].startsWith('\n') ? 1 : 0)
    out.push({ spec: m[1] as string, line })
  }
  return out
}

function under(spec: string, prefix: string): boolean {
  if (spec === prefix) return true
  if (!spec.startsWith(prefix)) return false
  const sep = spec[prefix.length]
  return sep === '/' || sep === '.' || sep === ':'
}

export class HintScanner {
  private readonly markers: KeywordAutomaton
  private readonly markerOwners: string[][]

  constructor(readonly rules: readonly HintRule[] = loadHintRules()) {
    const owners = new Map<string, string[]>()
    for (const r of rules) for (const m of r.detect.markers) owners.set(m, [...(owners.get(m) ?? []), r.id])
    const markers = [...owners.keys()].sort()
    this.markers = new KeywordAutomaton(markers)
    this.markerOwners = markers.map((m) => owners.get(m) as string[])
  }

  /** Hints from a package.json's runtime, optional and peer dependencies. */
  fromManifest(path: string, content: Buffer): HintFinding[] {
    let deps: string[]
    try {
      const pkg = JSON.parse(content.toString('utf8')) as Record<string, Record<string, string> | undefined>
      deps = ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((k) => Object.keys(pkg[k] ?? {}))
    } catch {
      return []
    }
    return this.rules
      .filter((r) => r.detect.packages.some((p) => deps.includes(p)))
      .map((r) => ({ id: r.id, how: 'dependency' as const, path, line: 0 }))
  }

  /** Hints from one source file: its imports (by language family) and markers. */
  fromSource(path: string, language: string, content: Buffer): HintFinding[] {
    const found = new Map<string, HintFinding>()
    const family = familyOf(language)
    if (family) {
      for (const { spec, line } of importsOf(family, content.toString('utf8')))
        for (const r of this.rules)
          if (!found.has(r.id) && (r.detect.imports[family] ?? []).some((p) => under(spec, p)))
            found.set(r.id, { id: r.id, how: 'import', path, line })
    }
    this.markers.scan(content, (m) => {
      const marker = this.markers.keywords[m.keyword] as string
      if (!acceptsMatch(content, m.start, m.end, marker)) return
      for (const id of this.markerOwners[m.keyword] as string[])
        if (!found.has(id)) {
          const line = content.subarray(0, m.start).toString('latin1').split('\n').length
          found.set(id, { id, how: 'marker', path, line })
        }
    })
    return [...found.values()]
  }
}
