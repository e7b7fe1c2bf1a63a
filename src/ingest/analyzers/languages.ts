// Language detection from GitHub linguist's table (linguist-languages): file name, then extension, then shebang.
//
// Lookup order for a path: (1) the exact file name (`Makefile`, `.bashrc`), then the file name lower-cased;
// (2) the extensions, longest first (`x.gradle.kts` tries `.gradle.kts` then `.kts`; a leading dot, as in
// `.npmignore`, is not an extension), compared lower-case; (3) for a file with no match, a `#!` line's
// interpreter (`#!/usr/bin/env node` → JavaScript, `python3` → Python).
//
// An extension (or name, or interpreter) claimed by several languages resolves deterministically, once, at load:
// the EXTENSION_OVERRIDES table below first, then a language of type 'programming' over the other types, then a
// language whose primary (first-listed) extension it is, then the language name in code-unit order.

import type { Language as LinguistLanguage } from 'linguist-languages'
import * as linguist from 'linguist-languages'

export interface Language {
  name: string
  /** linguist's type: 'programming', 'markup', 'data' or 'prose'. */
  type: string
}

/** Common ambiguous extensions, resolved the way an npm package almost always means them. */
export const EXTENSION_OVERRIDES: Record<string, string> = {
  '.h': 'C', // not C++ / Objective-C
  '.ts': 'TypeScript', // not XML (Qt translations)
  '.tsx': 'TSX', // not XML
  '.md': 'Markdown', // not GCC Machine Description
  '.json': 'JSON', // not the OpenAPI variants
  '.js': 'JavaScript',
  '.es': 'JavaScript', // not Erlang
  '.frag': 'GLSL',
  '.gs': 'JavaScript', // Google Apps Script
  '.html': 'HTML', // not Ecmarkup
  '.yml': 'YAML',
  '.yaml': 'YAML',
  '.txt': 'Text',
  '.m': 'Objective-C',
  '.pl': 'Perl',
  '.pm': 'Perl',
  '.t': 'Perl',
  '.php': 'PHP',
  '.inc': 'PHP',
  '.cs': 'C#',
  '.fs': 'F#',
  '.sql': 'SQL',
  '.r': 'R',
  '.rs': 'Rust',
  '.ex': 'Elixir',
  '.s': 'Assembly',
  '.asm': 'Assembly',
  '.v': 'Verilog',
  '.ml': 'OCaml',
  '.cl': 'OpenCL',
  '.sc': 'Scala',
  '.sol': 'Solidity',
  '.mm': 'Objective-C++',
  '.properties': 'Java Properties',
  '.cfg': 'INI',
  '.pro': 'QMake',
  '.ls': 'LiveScript',
  '.lisp': 'Common Lisp',
  '.f': 'Fortran',
  '.for': 'Fortran',
  '.bas': 'BASIC',
  '.fx': 'HLSL',
  '.cake': 'C#',
  '.d': 'D',
}

interface Claim {
  lang: Language
  primary: boolean
}

const byName = new Map<string, Claim[]>()
const byLowerName = new Map<string, Claim[]>()
const byExtension = new Map<string, Claim[]>()
const byInterpreter = new Map<string, Claim[]>()
const claim = (m: Map<string, Claim[]>, key: string, c: Claim) => {
  const list = m.get(key)
  if (list) list.push(c)
  else m.set(key, [c])
}
for (const l of Object.values(linguist) as LinguistLanguage[]) {
  const lang = { name: l.name, type: l.type }
  for (const f of l.filenames ?? []) {
    claim(byName, f, { lang, primary: false })
    claim(byLowerName, f.toLowerCase(), { lang, primary: false })
  }
  for (const [i, e] of (l.extensions ?? []).entries()) claim(byExtension, e.toLowerCase(), { lang, primary: i === 0 })
  for (const interp of l.interpreters ?? []) claim(byInterpreter, interp, { lang, primary: false })
}

function resolve(claims: Map<string, Claim[]>, overrides: Record<string, string> = {}): Map<string, Language> {
  const out = new Map<string, Language>()
  for (const [key, list] of claims) {
    const forced = overrides[key]
    const sorted = [...list].sort(
      (a, b) =>
        Number(b.lang.name === forced) - Number(a.lang.name === forced) ||
        Number(b.lang.type === 'programming') - Number(a.lang.type === 'programming') ||
        Number(b.primary) - Number(a.primary) ||
        (a.lang.name < b.lang.name ? -1 : a.lang.name > b.lang.name ? 1 : 0),
    )
    if (sorted[0]) out.set(key, sorted[0].lang)
  }
  return out
}

const NAMES = resolve(byName)
const LOWER_NAMES = resolve(byLowerName)
const EXTENSIONS = resolve(byExtension, EXTENSION_OVERRIDES)
const INTERPRETERS = resolve(byInterpreter)

/** The language of a file, from its path and (for the shebang fallback) the start of its content. */
export function detectLanguage(path: string, content?: Buffer): Language | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1)
  const named = NAMES.get(base) ?? LOWER_NAMES.get(base.toLowerCase())
  if (named) return named
  const lower = base.toLowerCase()
  for (let i = lower.indexOf('.', 1); i > 0; i = lower.indexOf('.', i + 1)) {
    const lang = EXTENSIONS.get(lower.slice(i))
    if (lang) return lang
  }
  return content ? shebangLanguage(content) : undefined
}

/** `#!/usr/bin/env -S node --flag` → node; `#!/bin/sh` → sh; `python3.11` falls back to `python3`, then `python`. */
function shebangLanguage(content: Buffer): Language | undefined {
  if (content[0] !== 0x23 || content[1] !== 0x21) return undefined
  const end = content.indexOf(10)
  const line = content.subarray(2, end < 0 ? Math.min(content.length, 256) : Math.min(end, 256)).toString('latin1')
  const words = line.trim().split(/\s+/)
  let cmd = words[0]?.slice((words[0]?.lastIndexOf('/') ?? -1) + 1)
  if (cmd === 'env') cmd = words.slice(1).find((w) => !w.startsWith('-') && !w.includes('='))
  if (!cmd) return undefined
  return (
    INTERPRETERS.get(cmd) ?? INTERPRETERS.get(cmd.replace(/[\d.]+$/, '')) ?? INTERPRETERS.get(cmd.replace(/\d.*$/, ''))
  )
}
