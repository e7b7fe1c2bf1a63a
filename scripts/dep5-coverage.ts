// How well compintel reads the licenses of the Debian copyright files of a machine (not a test: a survey, run by
// hand on a Debian or Ubuntu system). Usage:
//   node --import ./bin/register-ts.js scripts/dep5-coverage.ts [DOC_DIR] [--unmapped N]
// DOC_DIR defaults to /usr/share/doc, whose <package>/copyright files are read. Prints how many files are
// machine-readable (DEP-5), how many of their license short names map to SPDX (per file, each distinct name once;
// and distinct names over all files), how many more the SPDX text matcher recognises from their texts, the unmapped
// names with the number of files using them, and for the other files how many the text reading found a license in.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { matchLicense } from '../src/ingest/analyzers/license-match.ts'
import { licensesFromCopyrightText } from '../src/sources/debian/copyright-text.ts'
import { type Dep5Copyright, parseDep5 } from '../src/sources/debian/dep5.ts'
import { PUBLIC_DOMAIN } from '../src/sources/debian/dep5-names.ts'

const args = process.argv.slice(2)
const most = Number(args[args.indexOf('--unmapped') + 1]) || 40
const dir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--unmapped') ?? '/usr/share/doc'

const files = readdirSync(dir)
  .map((p) => path.join(dir, p, 'copyright'))
  .filter((f) => existsSync(f))
  .sort()

type Kind = 'spdx' | 'public-domain' | 'matched' | 'unknown'
const occurrences: Record<Kind, number> = { spdx: 0, 'public-domain': 0, matched: 0, unknown: 0 }
const distinct = new Map<string, Kind>()
const unmapped = new Map<string, number>()
let dep5 = 0
let withMain = 0
let text = 0
let textFound = 0
let textUnresolved = 0
const start = performance.now()

function kindOf(r: Dep5Copyright, name: string, expression: string): Kind {
  if (r.matched.some((m) => m.name === name)) return 'matched'
  if (expression === PUBLIC_DOMAIN) return 'public-domain'
  return r.unknown.includes(name) ? 'unknown' : 'spdx'
}

for (const file of files) {
  const content = readFileSync(file, 'utf8')
  const r = parseDep5(content, { match: (t) => matchLicense(t).spdxId })
  if (r.format === 'text') {
    text++
    const t = licensesFromCopyrightText(content, matchLicense)
    if (t.licenses.length > 0) textFound++
    if (t.unresolved.length > 0) textUnresolved++
    continue
  }
  dep5++
  if (r.mainExpression) withMain++
  for (const { name, expression } of r.names) {
    const kind = kindOf(r, name, expression)
    occurrences[kind]++
    const key = name.toLowerCase()
    if (!distinct.has(key)) distinct.set(key, kind)
    if (kind === 'unknown') unmapped.set(name, (unmapped.get(name) ?? 0) + 1)
  }
}

const total = Object.values(occurrences).reduce((a, b) => a + b, 0)
const pct = (n: number, of: number) => `${n} (${((100 * n) / Math.max(of, 1)).toFixed(1)}%)`
const byKind = (kind: Kind) => [...distinct.values()].filter((k) => k === kind).length
console.log(`${files.length} copyright files in ${dir}, read in ${((performance.now() - start) / 1000).toFixed(1)} s`)
console.log(`DEP-5: ${pct(dep5, files.length)}, ${withMain} with a main license; text: ${text}`)
console.log(`short names (once per file): ${total}`)
for (const kind of Object.keys(occurrences) as Kind[]) console.log(`  ${kind}: ${pct(occurrences[kind], total)}`)
console.log(`distinct short names: ${distinct.size}`)
for (const kind of Object.keys(occurrences) as Kind[]) console.log(`  ${kind}: ${pct(byKind(kind), distinct.size)}`)
console.log(`text files with a license found: ${pct(textFound, text)}; with an unresolved reference: ${textUnresolved}`)
console.log(`unmapped names (files using them), the ${most} most used:`)
for (const [name, n] of [...unmapped].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, most)) {
  console.log(`  ${String(n).padStart(4)}  ${name}`)
}
