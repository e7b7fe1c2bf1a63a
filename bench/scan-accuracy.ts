// On-demand accuracy of the engine scan, POST /scan/direct (docs/benchmarks.md "The engine scan"); never in CI.
// --packages seed packages (scan-corpus.ts: a seeded choice, latest versions, real tarballs) are indexed for snippets
// into a private copy of the seeded KB; --files of their real source files are scanned as the cases of
// scan-cases.ts: (a) exact copies, expected a file match; (b) one line in ten changed, expected a snippet; (c) a
// 60–120-line fragment pasted into GENERATED code, expected a snippet whose `lines` overlap the pasted range; (d)
// GENERATED code nobody published and (e) the same under a standard license notice, expected none. The WFPs
// (wfpForFile, as scanoss-js writes them) go over HTTP on 127.0.0.1 in posts of at most 64 KB. The right component
// is the file's package, or (shown apart, as "other holder") another component that holds the same code: the
// original file's very content, or the matched content when the file's package holds it too, or a file holding 80%
// of the matched lines verbatim (vendored or bundled code). Precision = right / matches answered; recall = right /
// cases; any match of (d) or (e) is a false match.
//
// Usage: node --import ./bin/register-ts.js bench/scan-accuracy.ts [--packages 200] [--files 200] [--seed 1]
import { parseArgs } from 'node:util'
import { wfpForFile } from '../src/domain/scanning/winnowing.ts'
import { SqlScanIndex } from '../src/storage/snippet-index.ts'
import { buildCases, type Case } from './scan-cases.ts'
import { fileInPackage, indexSeedPackages, type Match, packPosts, postWfp, prng } from './scan-corpus.ts'
import { compiledCases, largeCases, largeTally } from './scan-more-cases.ts'
import { CONSOLE, type Figure, isMain, type Out, other } from './scenario.ts'
import { seededApp } from './seeded-kb.ts'

const ranges = (s: string | undefined) =>
  (s ?? '').split(',').flatMap((r) => (/^\d+-\d+$/.test(r) ? [r.split('-').map(Number) as [number, number]] : []))
const overlaps = (s: string | undefined, [a, b]: [number, number]) => ranges(s).some(([f, t]) => f <= b && t >= a)
const norm = (line: string) => line.toLowerCase().replace(/[^a-z0-9]/g, '')

/** Whether `matched` holds at least 80% of the scanned file's matched lines (10+ characters of code) verbatim. */
function holdsLines(c: Case, a: Match, matched: Buffer | undefined): boolean {
  if (!matched) return false
  const have = new Set(matched.toString('utf8').split('\n').map(norm))
  const lines = c.content.toString('utf8').split('\n')
  const wanted = ranges(a.lines)
    .flatMap(([f, t]) => lines.slice(f - 1, t).map(norm))
    .filter((l) => l.length >= 10)
  return wanted.length > 0 && wanted.filter((l) => have.has(l)).length >= 0.8 * wanted.length
}

/** (f) cases at most: every file of 1,500 lines or more of the chosen packages is rarely more. */
const LARGE = 20
const VERDICTS = ['right', 'other holder', 'wrong component', 'wrong kind or lines', 'none', 'false match'] as const
type Verdict = (typeof VERDICTS)[number]

/** The fair rule (header): another component counts when it holds the same content, or the matched code. */
function verdict(
  c: Case,
  a: Match,
  holders: Map<string, Set<string>>,
  texts: Map<string, Buffer | undefined>,
): Verdict {
  if (a.id === 'none') return 'none'
  if (!c.purl || !c.md5) return 'false match'
  const purl = a.purl?.[0] ?? ''
  const hash = a.file_hash ?? ''
  const other = purl !== c.purl
  if (other && !holders.get(c.md5)?.has(purl) && !holders.get(hash)?.has(c.purl) && !holdsLines(c, a, texts.get(hash)))
    return 'wrong component'
  const kind = a.id === (c.kind === 'exact' ? 'file' : 'snippet') && (!c.pasted || overlaps(a.lines, c.pasted))
  return !kind ? 'wrong kind or lines' : other ? 'other holder' : 'right'
}

const NAMES: Record<string, string> = {
  exact: '(a) exact copies, file match',
  modified: '(b) 10% of lines changed, snippet',
  fragment: '(c) 60–120-line fragments, snippet',
  'snippets (b+c)': '(b+c) snippets',
  unpublished: '(d) generated unpublished code',
  licensed: '(e) generated code under a license notice',
  large: '(f) large files behind own code, snippet',
  compiled: '(g) own code compiled by tsc or Babel',
}

export async function scanAccuracyBench(
  out: Out = CONSOLE,
  { packages = 200, files = 200, seed = 1 }: { packages?: number; files?: number; seed?: number } = {},
): Promise<Figure[]> {
  const kb = await seededApp()
  try {
    const { picked } = await indexSeedPackages(kb.storage, packages, seed, out.log)
    const built = buildCases(picked, files, seed * 7919)
    const { chosen } = built
    const cases = [
      ...built.cases,
      ...largeCases(picked, LARGE, seed * 104729),
      ...compiledCases(picked, Math.ceil(files / 2), seed * 1299709),
    ]
    out.log(
      `${chosen} real files chosen; ${cases.length} files to scan (the unpublished ones and the hosts of fragments GENERATED)`,
    )
    const order = prng(seed * 31)
    const shuffled = cases.map((c) => ({ c, k: order.next() })).sort((a, b) => a.k - b.k)
    const posts = packPosts(shuffled.map(({ c }) => wfpForFile(c.path, c.content)))
    const url = await kb.app.listen({ host: '127.0.0.1', port: 0 })
    const answers: Record<string, Match[]> = {}
    const t0 = performance.now()
    for (const wfp of posts) Object.assign(answers, await postWfp(url, kb.key, wfp))
    out.log(`${posts.length} posts of at most 64 KB answered in ${((performance.now() - t0) / 1000).toFixed(1)} s`)

    const answered = cases.map((c) => answers[c.path]?.[0] ?? { id: 'none' })
    const md5s = [...cases.flatMap((c) => c.md5 ?? []), ...answered.flatMap((a) => a.file_hash ?? [])]
    const holders = new Map<string, Set<string>>()
    for (const f of await new SqlScanIndex(kb.storage).filesByMd5(md5s))
      holders.set(f.md5, (holders.get(f.md5) ?? new Set()).add(f.purl))
    const texts = new Map<string, Buffer | undefined>()
    for (const [i, a] of answered.entries()) {
      const c = cases[i] as Case
      if (!c.purl || a.id === 'none' || a.purl?.[0] === c.purl || !a.file_hash || texts.has(a.file_hash)) continue
      const name = decodeURIComponent((a.purl?.[0] ?? '').replace(/^pkg:npm\//, ''))
      texts.set(a.file_hash, await fileInPackage(name, a.version ?? '', a.file ?? '').catch(() => undefined))
    }
    const tally = new Map<string, Record<Verdict | 'cases' | 'oss', number>>()
    const count = (kind: string) => {
      const t = tally.get(kind) ?? { cases: 0, oss: 0, ...Object.fromEntries(VERDICTS.map((v) => [v, 0])) }
      tally.set(kind, t as Record<Verdict | 'cases' | 'oss', number>)
      return t as Record<Verdict | 'cases' | 'oss', number>
    }
    const notes: string[] = []
    const large = await largeTally(kb.storage, cases, answered, notes)
    for (const [i, c] of cases.entries()) {
      const a = answered[i] as Match
      const v = verdict(c, a, holders, texts)
      const oss = c.from !== undefined && overlaps(a.oss_lines, c.from)
      for (const t of [
        count(c.kind),
        ...(c.kind === 'modified' || c.kind === 'fragment' ? [count('snippets (b+c)')] : []),
      ]) {
        t.cases++
        t[v]++
        if (oss) t.oss++
      }
      const right = v === 'right' || v === 'other holder'
      if ((v === 'none' && c.purl) || (v !== 'none' && v !== 'right') || (right && c.from && !oss))
        notes.push(
          `${right && v === 'right' ? 'right, oss_lines elsewhere' : v}: ${c.path} (${c.purl ? `${c.purl} ${c.origin}` : 'GENERATED'}` +
            `${c.from ? ` lines ${c.from.join('-')} pasted at ${c.pasted?.join('-')}` : ''}) → ${a.id} ${a.purl?.[0] ?? ''} ` +
            `${a.file ?? ''} lines ${a.lines ?? ''} oss_lines ${a.oss_lines ?? ''}`,
        )
    }
    const pct = (n: number, d: number) => (d === 0 ? 100 : (100 * n) / d)
    const figures: Figure[] = []
    const rows = Object.keys(NAMES).flatMap((kind) => {
      const t = tally.get(kind)
      if (!t) return []
      const right = t.right + t['other holder']
      const [precision, recall] = [pct(right, t.cases - t.none), pct(right, t.cases)]
      const real = kind !== 'unpublished' && kind !== 'licensed' && kind !== 'compiled'
      if (!real) figures.push(other(`${NAMES[kind]}: false matches of ${t.cases}`, t['false match'], 'files'))
      else
        figures.push(other(`${NAMES[kind]}: precision`, precision, '%'), other(`${NAMES[kind]}: recall`, recall, '%'))
      return {
        case: NAMES[kind],
        files: t.cases,
        right: real ? `${right} (${t['other holder']} other holder)` : '',
        'wrong component': t['wrong component'],
        'wrong kind/lines': t['wrong kind or lines'],
        none: t.none,
        precision: real ? `${precision.toFixed(1)}%` : '',
        recall: real ? `${recall.toFixed(1)}%` : '',
        'false matches': real ? '' : t['false match'],
        'oss_lines right': kind === 'fragment' ? t.oss : '',
        'oss_lines inside': kind === 'large' ? `${large.inside} of ${large.ranges} ranges` : '',
      }
    })
    out.table(rows)
    out.log(
      `(f) ${large.answers} snippet answers: ${large.allInside} with every oss_lines range inside the matched file; ` +
        `${large.inside} of ${large.ranges} ranges inside, ${large.right} starting on the original's line (±2)`,
    )
    figures.push(
      other('(f) large files: oss_lines ranges outside the matched file', large.ranges - large.inside, 'ranges'),
    )
    for (const label of new Set(notes.map((n) => n.slice(0, n.indexOf(':'))))) {
      const these = notes.filter((n) => n.startsWith(`${label}:`))
      for (const n of these.slice(0, 8)) out.log(`  ${n}`)
      if (these.length > 8) out.log(`  … and ${these.length - 8} more ${label}`)
    }
    return figures
  } finally {
    await kb.close()
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      packages: { type: 'string', default: '200' },
      files: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
    },
  })
  await scanAccuracyBench(CONSOLE, {
    packages: Math.min(Math.max(Number(values.packages) || 200, 1), 848),
    files: Math.min(Math.max(Number(values.files) || 200, 1), 1000),
    seed: Number(values.seed) || 1,
  })
}
