// More cases of the engine-scan accuracy bench (scan-accuracy.ts, docs/benchmarks.md): (f) large real files behind
// GENERATED own code, with two more GENERATED blocks inside, so that the offset between the scanned and the original
// lines changes twice (`oss_lines` must stay inside the matched file and follow the original's lines); and (g)
// GENERATED own code compiled the way tsc and Babel compile a package: the real helper preamble of a package's
// compiled file (tsc's `__createBinding` / `__importStar` …, Babel's `_interopRequireDefault` …) around code nobody
// published. Nothing but the helpers is shared with any package, so any match of (g) is a false match.
import { snippetEligible } from '../src/domain/scanning/eligibility.ts'
import type { Storage } from '../src/storage/database.ts'
import { type Case, generatedCode, styleOf } from './scan-cases.ts'
import { type Match, type Picked, prng } from './scan-corpus.ts'

const lineCount = (b: Buffer) => b.toString('utf8').split('\n').length

/** (f): up to `count` real files of 1,500 lines or more (not minified), with GENERATED code before and inside. */
export function largeCases(picked: readonly Picked[], count: number, seed: number): Case[] {
  const rng = prng(seed)
  const seen = new Set<string>()
  const big = picked
    .flatMap((p) => p.sources.map((s) => ({ s, purl: p.purl })))
    .filter(({ s }) => {
      const lines = lineCount(s.content)
      if (lines < 1500 || s.content.length / lines >= 200 || seen.has(s.md5)) return false
      seen.add(s.md5)
      return snippetEligible(s.path, s.content)
    })
    .sort((a, b) => a.s.md5.localeCompare(b.s.md5))
    .slice(0, count)
  return big.map(({ s, purl }, i) => {
    const original = s.content.toString('utf8').split('\n')
    const style = styleOf(s.path)
    const head = generatedCode(style, 100 + rng.int(200), rng)
    const cuts = [rng.int(original.length), rng.int(original.length)].sort((a, b) => a - b)
    const out: string[] = [...head]
    const map: number[] = head.map(() => 0)
    let at = 0
    for (const cut of [...cuts, original.length]) {
      for (; at < cut; at++) {
        out.push(original[at] as string)
        map.push(at + 1)
      }
      if (cut === original.length) break
      const block = generatedCode(style, 10 + rng.int(30), rng).slice(1)
      out.push(...block)
      map.push(...block.map(() => 0))
    }
    const base = s.path.slice(s.path.lastIndexOf('/') + 1)
    return {
      kind: 'large',
      path: `app/large/${i}/${base}`,
      content: Buffer.from(out.join('\n')),
      purl,
      origin: s.path,
      md5: s.md5,
      originalLines: map,
    }
  })
}

const TSC_PREAMBLE =
  /^"use strict";\n((?:var __\w+ = [^\n]*\n(?:[ }][^\n]*\n)*)+)(?=Object\.defineProperty\(exports, "__esModule")/
const BABEL_HELPER = /^function _[A-Za-z]+\(/

/** The helper lines Babel appends to a compiled file: its tail of top-level `function _x(` definitions. */
function babelTail(lines: readonly string[]): string[] {
  let start = -1
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i] as string
    if (BABEL_HELPER.test(l)) start = i
    else if (/^\S/.test(l) && !/^(?:\}|\/\/# sourceMappingURL)/.test(l)) break
  }
  return start < 0 ? [] : lines.slice(start).filter((l) => !l.startsWith('//# sourceMappingURL'))
}

/** (g): up to `count` files of GENERATED CommonJS compiled with the real tsc or Babel helpers of the packages' files. */
export function compiledCases(picked: readonly Picked[], count: number, seed: number): Case[] {
  const rng = prng(seed)
  const preambles = new Map<string, 'tsc' | 'babel'>()
  for (const p of picked)
    for (const s of p.sources) {
      if (!/\.c?js$/.test(s.path)) continue
      const text = s.content.toString('utf8')
      const tsc = TSC_PREAMBLE.exec(text)?.[1]
      if (tsc && tsc.split('\n').length > 5) preambles.set(tsc.trimEnd(), 'tsc')
      const babel =
        text.includes('exports.__esModule') || text.includes('"__esModule"') ? babelTail(text.split('\n')) : []
      if (babel.length >= 3) preambles.set(babel.join('\n'), 'babel')
    }
  const all = [...preambles].sort((a, b) => a[0].localeCompare(b[0]))
  const cases: Case[] = []
  for (let i = 0; i < Math.min(count, all.length); i++) {
    const [helpers, compiler] = all[Math.floor((i * all.length) / Math.min(count, all.length))] as [string, string]
    const own = generatedCode('cjs', 20 + rng.int(100), rng)
      .slice(1)
      .filter((l) => l !== "'use strict'")
    const esModule = 'Object.defineProperty(exports, "__esModule", { value: true });'
    const text =
      compiler === 'tsc'
        ? ['"use strict";', helpers, esModule, ...own].join('\n')
        : ['"use strict";', '', esModule, ...own, helpers].join('\n')
    cases.push({ kind: 'compiled', path: `app/compiled/${i}/index.js`, content: Buffer.from(text) })
  }
  return cases
}

/**
 * (f): how many of an answer's `oss_lines` ranges lie inside the matched content (1 … `contentLines`), and how many
 * start on the original line the scanned range's start came from (±2 lines: a fingerprint is attributed to the line
 * that completed its window), when the answer names the original's very content.
 */
function ossCheck(c: Case, a: { lines?: string; oss_lines?: string; file_hash?: string }, contentLines: number) {
  const pairs = (s: string | undefined) =>
    (s ?? '').split(',').flatMap((r) => {
      const m = /^(-?\d+)-(-?\d+)$/.exec(r)
      return m ? [[Number(m[1]), Number(m[2])] as const] : []
    })
  const scanned = pairs(a.lines)
  const oss = pairs(a.oss_lines)
  let inside = 0
  let right = 0
  for (const [i, [from, to]] of oss.entries()) {
    if (from >= 1 && to <= contentLines && from <= to) inside++
    const start = scanned[i]?.[0] ?? 0
    // the first of the range's first three lines that came from the original, and where it is there
    const k = [0, 1, 2].find((d) => (c.originalLines?.[start - 1 + d] ?? 0) > 0)
    const original = k === undefined ? undefined : (c.originalLines?.[start - 1 + k] as number) - k
    if (a.file_hash === c.md5 && original !== undefined && Math.abs(from - original) <= 2) right++
  }
  return { ranges: oss.length, inside, right }
}

/** (f) over all its answers: the `oss_lines` ranges inside the matched content (its line count from the index). */
export async function largeTally(
  storage: Storage,
  cases: readonly Case[],
  answered: readonly Match[],
  notes: string[],
) {
  const hashes = cases.flatMap((c, i) => (c.kind === 'large' ? (answered[i]?.file_hash ?? []) : []))
  const contentLines = new Map<string, number>()
  if (hashes.length > 0)
    for (const r of await storage.db
      .selectFrom('snippet_contents')
      .select(['md5', 'lines'])
      .where('md5', 'in', hashes)
      .execute())
      contentLines.set(r.md5, r.lines)
  const large = { ranges: 0, inside: 0, right: 0, answers: 0, allInside: 0 }
  for (const [i, c] of cases.entries()) {
    const a = answered[i] as Match
    if (c.kind !== 'large' || a.id !== 'snippet') continue
    const o = ossCheck(c, a, contentLines.get(a.file_hash ?? '') ?? 0)
    large.answers++
    large.ranges += o.ranges
    large.inside += o.inside
    large.right += o.right
    if (o.inside === o.ranges) large.allInside++
    else
      notes.push(
        `oss_lines outside the file: ${c.path} (${c.purl} ${c.origin}) → ${a.purl?.[0]} ${a.file} lines ${a.lines} ` +
          `oss_lines ${a.oss_lines}`,
      )
  }
  return large
}
