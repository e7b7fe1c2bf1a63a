// Licenses from a debian/copyright that is not machine-readable (no Format: header: most older packages, libc6,
// python3.x, gcc's): docs/debian.md, "Licenses from debian/copyright".
//
// Three kinds of evidence, each placed where it is found in the file, the first found being the main license:
//   - GNU grants: "…under the terms of the GNU Lesser General Public License as published by the Free Software
//     Foundation; either version 2.1 of the License, or (at your option) any later version" → LGPL-2.1-or-later
//     (dep5-names.ts, gnuGrants);
//   - references to /usr/share/common-licenses/<name> (GPL-2, LGPL-2.1, Apache-2.0, Artistic…) mapped as DEP-5
//     names; a GNU one is -or-later when the 600 characters before it say "any later version", and adds nothing
//     when a grant of that license and version precedes it; an unversioned GNU one (…/GPL) needs such a grant,
//     else it is listed in `unresolved`;
//   - license texts, when the caller gives a matcher (domain code cannot reach the ingester's, so it is passed in:
//     `licensesFromCopyrightText(text, matchLicense)`, ingest/analyzers/license-match.ts): from each paragraph
//     holding a license's opening words ("Permission is hereby granted", "Redistribution and use in source and
//     binary forms", "PYTHON SOFTWARE FOUNDATION LICENSE"…), windows of one paragraph more each time, up to the
//     next such paragraph, a separator line (-----) or 64 KiB, are matched; the best-scoring id above the
//     matcher's threshold is the license of that text.
import { type Dep5Copyright, type Dep5Options, parseDep5 } from './dep5.ts'
import { gnuGrants, type LicenseExpr, mapShortName } from './dep5-names.ts'

export interface TextCopyright {
  format: 'text'
  /** SPDX ids found, in the order they appear, once each. */
  licenses: string[]
  /** All of them joined with AND; null when none was found. */
  expression: string | null
  /** The first one found. */
  mainExpression: string | null
  /** common-licenses references that could not be resolved to a version (…/GPL with no grant). */
  unresolved: string[]
}

/** An SPDX text matcher: ingest/analyzers/license-match.ts matchLicense fits (spdxId null below its threshold). */
export type LicenseMatcher = (text: string) => { spdxId: string | null; score: number }

/** Debian's common-licenses/BSD was the University of California's 3-clause license. */
const REFERENCE_ALIASES: Record<string, LicenseExpr> = { bsd: { id: 'BSD-3-Clause' } }
const REFERENCE = /\/usr\/share\/common-licenses\/([A-Za-z][\w.+-]*[\w+])/g
const START =
  /permission is hereby granted|permission to use, copy, modify|redistribution and use in source and binary forms|this software is provided ['"‘`]?as[- ]is|apache license,? version|python software foundation license|boost software license|mozilla public license|info-zip license|gnu (?:lesser |library )?general public license ?version \d, |the artistic license|creative commons/i
const SEPARATOR = /^\s*([-=*_#~])\1{4,}\s*$/
const MAX_WINDOW = 64 * 1024

/** DEP-5 when the file is machine-readable, else what the text says: one call for any debian/copyright. */
export function debianCopyrightLicenses(text: string, match?: LicenseMatcher): Dep5Copyright | TextCopyright {
  const options: Dep5Options = match ? { match: (t) => match(t).spdxId } : {}
  const dep5 = parseDep5(text, options)
  return dep5.format === 'dep5' ? dep5 : licensesFromCopyrightText(text, match)
}

export function licensesFromCopyrightText(text: string, match?: LicenseMatcher): TextCopyright {
  const folded = text.replace(/\s+/g, ' ')
  const found: { at: number; id: string }[] = []
  const grants = gnuGrants(text)
  for (const g of grants) found.push({ at: g.index, id: `${g.family}-${g.version}-${g.later ? 'or-later' : 'only'}` })
  const unresolved: string[] = []
  for (const m of folded.matchAll(REFERENCE)) {
    const name = m[1] as string
    const context = folded.slice(Math.max(0, m.index - 600), m.index)
    const before = grants.filter((g) => g.index < m.index && g.index >= m.index - 600)
    const gnu = /^(A?GPL|LGPL|GFDL)/i.test(name)
    if (gnu && !/\d/.test(name)) {
      if (before.length === 0) unresolved.push(name) // which version: only a grant says
      continue
    }
    const expr = REFERENCE_ALIASES[name.toLowerCase()] ?? mapShortName(name)
    if (!expr || !('id' in expr)) {
      unresolved.push(name)
      continue
    }
    let id = expr.id
    if (gnu) {
      if (before.some((g) => id.startsWith(`${g.family}-${g.version}-`))) continue
      if (/any later version/i.test(context)) id = id.replace(/-only$/, '-or-later')
    }
    found.push({ at: m.index, id })
  }
  if (match) for (const t of matchedTexts(text, match)) found.push({ at: foldedOffset(text, t.at), id: t.id })
  found.sort((a, b) => a.at - b.at)
  const licenses = [...new Set(found.map((f) => f.id))]
  return {
    format: 'text',
    licenses,
    expression: licenses.length > 0 ? licenses.join(' AND ') : null,
    mainExpression: licenses[0] ?? null,
    unresolved: [...new Set(unresolved)],
  }
}

interface Paragraph {
  at: number
  text: string
  start: boolean
  separator: boolean
}

function paragraphs(text: string): Paragraph[] {
  const out: Paragraph[] = []
  let at = 0
  let lines: string[] = []
  let offset = 0
  const flush = () => {
    if (lines.length > 0) {
      const t = lines.join('\n')
      out.push({ at, text: t, start: START.test(t.replace(/\s+/g, ' ')), separator: false })
    }
    lines = []
  }
  for (const line of text.split('\n')) {
    if (SEPARATOR.test(line) && lines.length > 0) {
      // a heading's underline: part of its paragraph
    } else if (SEPARATOR.test(line)) {
      flush()
      out.push({ at: offset, text: '', start: false, separator: true })
    } else if (line.trim() === '') flush()
    else {
      if (lines.length === 0) at = offset
      lines.push(line)
    }
    offset += line.length + 1
  }
  flush()
  return out
}

/** The license texts the matcher recognises: one per opening paragraph, its best-scoring window. */
function matchedTexts(text: string, match: LicenseMatcher): { at: number; id: string }[] {
  const ps = paragraphs(text)
  const out: { at: number; id: string }[] = []
  for (let s = 0; s < ps.length; s++) {
    const first = ps[s] as Paragraph
    if (!first.start) continue
    let best: { id: string; score: number } | undefined
    let window = ''
    for (let e = s; e < ps.length; e++) {
      const p = ps[e] as Paragraph
      if (p.separator || (e > s && p.start) || window.length + p.text.length > MAX_WINDOW) break
      window = window === '' ? p.text : `${window}\n\n${p.text}`
      const m = match(window)
      if (m.spdxId && (!best || m.score > best.score)) best = { id: m.spdxId, score: m.score }
    }
    if (best) out.push({ at: first.at, id: best.id })
  }
  return out
}

/** Where an offset of the text falls in its whitespace-folded form. */
function foldedOffset(text: string, at: number): number {
  return text.slice(0, at).replace(/\s+/g, ' ').length
}
