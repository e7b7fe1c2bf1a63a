// What the engine-scan accuracy bench (scan-accuracy.ts, docs/benchmarks.md) scans: real source files of indexed
// seed packages as (a) exact copies, (b) copies with one line in ten changed, (c) 60–120-line fragments pasted into
// GENERATED host code, (d) GENERATED files nobody published, and (e) half as many GENERATED files under a standard
// license notice (the MIT or the Apache-2.0 header, as many real projects' own files carry). Generated code is made
// up here from word lists by a seeded PRNG in four styles (CommonJS, ES modules, TypeScript, C) and says so in its
// first line; nothing of it is taken from any package.
import { snippetEligible } from '../src/domain/scanning/eligibility.ts'
import { type Picked, prng } from './scan-corpus.ts'

export type Kind = 'exact' | 'modified' | 'fragment' | 'unpublished' | 'licensed' | 'large' | 'compiled'
export interface Case {
  kind: Kind
  path: string
  content: Buffer
  /** The package the real file comes from, its path there and MD5 (none for unpublished code). */
  purl?: string
  origin?: string
  md5?: string
  /** Fragments: the pasted lines in the scanned file, and where they came from in the original. */
  pasted?: [number, number]
  from?: [number, number]
  /** Large files behind own code (scan-more-cases.ts): each scanned line's line in the original, 0 for own code. */
  originalLines?: number[]
}

const lineCount = (b: Buffer) => b.toString('utf8').split('\n').length
const KEYWORDS = new Set(
  (
    'if else for while do return const let var function class new this typeof instanceof in of switch case break ' +
    'continue default try catch finally throw import export from as async await static void int long char unsigned ' +
    'struct sizeof include define true false null undefined extends interface type enum public private readonly'
  ).split(' '),
)

/** One line in ten changed: the first of each ten with a word or number, its words renamed, its numbers moved. */
function tenPercentChanged(text: string): string {
  const lines = text.split('\n')
  const change = (l: string) =>
    l.replace(/\b(?:[A-Za-z_$][\w$]{2,}|\d{1,9})\b/g, (w) =>
      KEYWORDS.has(w) ? w : /^\d/.test(w) ? String(Number(w) + 7) : `${w}2`,
    )
  for (let i = 0; i < lines.length; i += 10)
    for (let j = i; j < Math.min(i + 10, lines.length); j++) {
      const changed = change(lines[j] as string)
      if (changed === lines[j]) continue
      lines[j] = changed
      break
    }
  return lines.join('\n')
}

export function buildCases(picked: readonly Picked[], files: number, seed: number): { cases: Case[]; chosen: number } {
  const rng = prng(seed)
  const seen = new Set<string>()
  const pools = picked.map((p) => {
    const usable = p.sources.filter((s) => {
      const lines = lineCount(s.content)
      if (lines < 150 || s.content.length / lines >= 200 || seen.has(s.md5)) return false
      seen.add(s.md5)
      return snippetEligible(s.path, s.content)
    })
    return usable.map((s) => ({ s, purl: p.purl, k: rng.next() })).sort((x, y) => x.k - y.k)
  })
  const originals: (typeof pools)[number] = []
  for (let round = 0; originals.length < files && pools.some((p) => p.length > round); round++)
    for (const pool of pools) {
      const next = pool[round]
      if (next && originals.length < files) originals.push(next)
    }
  const cases: Case[] = []
  for (const [i, { s, purl }] of originals.entries()) {
    const base = s.path.slice(s.path.lastIndexOf('/') + 1)
    const real = { purl, origin: s.path, md5: s.md5 }
    cases.push({ kind: 'exact', path: `app/exact/${i}/${base}`, content: s.content, ...real })
    const changed = Buffer.from(tenPercentChanged(s.content.toString('utf8')))
    cases.push({ kind: 'modified', path: `app/modified/${i}/${base}`, content: changed, ...real })
    const lines = s.content.toString('utf8').split('\n')
    const length = 60 + rng.int(61)
    const start = rng.int(lines.length - length)
    const before = generatedCode(styleOf(s.path), 20 + rng.int(100), rng)
    const after = generatedCode(styleOf(s.path), 20 + rng.int(100), rng).slice(1)
    const host = [...before, ...lines.slice(start, start + length), ...after].join('\n')
    const pasted: [number, number] = [before.length + 1, before.length + length]
    const from: [number, number] = [start + 1, start + length]
    cases.push({
      kind: 'fragment',
      path: `app/fragment/${i}/${base}`,
      content: Buffer.from(host),
      ...real,
      pasted,
      from,
    })
  }
  const styles: Style[] = ['cjs', 'esm', 'ts', 'c']
  for (let i = 0; i < files + files / 2; i++) {
    const style = styles[i % styles.length] as Style
    const code = generatedCode(style, 60 + rng.int(340), rng).join('\n')
    const kind = i < files ? 'unpublished' : 'licensed'
    const notice =
      kind === 'licensed'
        ? `/*\n${(Math.floor(i / 4) % 2 ? MIT : APACHE).map((l) => ` * ${l}`.trimEnd()).join('\n')}\n */\n`
        : ''
    cases.push({ kind, path: `app/own/${i}/module.${STYLE_EXT[style]}`, content: Buffer.from(notice + code) })
  }
  return { cases, chosen: originals.length }
}

// Standard license notices, as a project puts them atop its own files (the holder is made up).
const MIT = `Copyright (c) 2026 Example Logistics Ltd.

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`.split('\n')
const APACHE = `Copyright 2026 Example Logistics Ltd.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.`.split('\n')

// GENERATED code nobody published: business-domain words (unlike library code), statements made up by the PRNG.
const NOUNS = 'ledger invoice tenant shipment quota sensor reading parcel roster ticket coupon basket payroll '
  .concat('voucher depot courier tariff rebate kiosk pallet clinic dosage locker turbine harvest')
  .split(' ')
const VERBS = 'reconcile settle dispatch audit forecast tally throttle archive route reserve bill approve'.split(' ')

export type Style = 'cjs' | 'esm' | 'ts' | 'c'
const STYLE_EXT: Record<Style, string> = { cjs: 'js', esm: 'mjs', ts: 'ts', c: 'c' }
/** The style to generate host code in for a file of this extension. */
export const styleOf = (path: string): Style =>
  /\.(?:c|h|cc|cpp|hpp)$/.test(path) ? 'c' : /\.[cm]?tsx?$/.test(path) ? 'ts' : path.endsWith('.mjs') ? 'esm' : 'cjs'

/** About `lines` lines of GENERATED code in `style` (whole functions: it may run a few lines over). */
export function generatedCode(style: Style, lines: number, rng: ReturnType<typeof prng>): string[] {
  const pick = (xs: readonly string[]) => xs[rng.int(xs.length)] as string
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1)
  const third = (w: string) => cap(w) + (/(?:ch|sh|s|x)$/.test(w) ? 'es' : 's')
  const c = style === 'c'
  const end = c || style === 'ts' ? ';' : '' // CommonJS and ESM without semicolons, TypeScript and C with
  const note = (text: string) => (c ? `/* ${text} */` : `// ${text}`)
  const out = [note("GENERATED by compintel's scan bench: code nobody published")]
  out.push(...(c ? ['#include <stdlib.h>', '#include <string.h>', ''] : style === 'cjs' ? ["'use strict'", ''] : ['']))
  while (out.length < lines) {
    const [a, v] = [pick(NOUNS), pick(VERBS)]
    const b = pick(NOUNS.filter((w) => w !== a))
    const fn = c ? `${v}_${a}_${b}` : `${v}${cap(a)}${cap(b)}`
    const [x, y] = c ? [`${a}_total`, `${b}_count`] : [`${a}Total`, `${b}Count`]
    const n = (below: number) => 1 + rng.int(below)
    const body = [
      `${c ? 'long' : 'let'} ${x} = ${rng.int(50)}${end}`,
      `${c ? 'long' : 'let'} ${y} = ${n(997)} % (limit + 1)${end}`,
    ]
    for (let s = 2 + rng.int(6); s > 0; s--) {
      const t = rng.int(6)
      if (t === 0)
        body.push(`for (${c ? 'int' : 'let'} i = 0; i < ${n(64)}; i += ${n(3)}) {`, `  ${x} += i * ${n(90)}${end}`, '}')
      else if (t === 1) body.push(`if (${y} > ${rng.int(500)}) {`, `  ${y} -= ${x} / ${n(7) + 1}${end}`, '}')
      else if (t === 2) body.push(note(`${pick(VERBS)} the ${b} before the ${pick(NOUNS)} closes`))
      else if (t === 3) body.push(`${x} = (${x} * ${n(31)} + ${y}) % ${n(9000) + 999}${end}`)
      else if (t === 4) body.push(`while (${y} > ${n(40)}) ${y} = ${y} >> ${n(3)}${end}`)
      else if (c) body.push(`switch (${y} % ${n(5) + 2}) {`, `case 0: ${x} -= ${n(20)}; break;`, 'default: break;', '}')
      else body.push(`${x} += ${a}.filter((q) => q % ${n(9) + 1} === 0).length${end}`)
    }
    const indent = (l: string) => `${c ? '    ' : '  '}${l}`
    const params = c
      ? `const long *${a}, long limit`
      : style === 'ts'
        ? `${a}: readonly number[], limit: number`
        : `${a}, limit`
    const head = c
      ? `static long ${fn}(${params})`
      : `${style === 'cjs' ? '' : 'export '}function ${fn}(${params})${style === 'ts' ? ': number' : ''} {`
    out.push(c ? note(`${third(v)} each ${a} of the ${b}.`) : `/** ${third(v)} each ${a} of the ${b}. */`, head)
    if (c) out.push('{')
    out.push(...body.map(indent), indent(`return ${x} + ${y}${end}`), '}', '')
    if (style === 'cjs') out.push(`module.exports.${fn} = ${fn}`, '')
  }
  return out
}
