// An SPDX license expression as the choices it leaves a user (docs/policy.md "Licenses"): `A OR B` is two choices,
// `A AND B` one choice bound by both, `A WITH E` one term carrying its exception, and `A+` (or an `-or-later` id)
// the license at that version or any later one the SPDX list knows (`GPL-2.0+` → GPL-2.0-only, GPL-2.0-or-later,
// GPL-3.0-only, GPL-3.0-or-later). A policy's license conditions are evaluated over these choices.
import { createRequire } from 'node:module'
import parse from 'spdx-expression-parse'

/** One license of a choice, with its exception (`GPL-2.0-only WITH Classpath-exception-2.0`). */
export interface LicenseTerm {
  license: string
  exception?: string
}

/** Every license a user would be bound by when taking one choice (all of its terms at once). */
export type Choice = LicenseTerm[]

/** More choices than this (an expression with many ORs of ANDs) is not evaluated: it is reported as unreadable. */
const MAX_CHOICES = 256

const require = createRequire(import.meta.url)
const IDS = require('spdx-license-ids') as string[]
const KNOWN = new Set(IDS)

type Node = { license: string; plus?: boolean; exception?: string } | { left: Node; conjunction: string; right: Node }

/** The choices of an expression; undefined when it is not an SPDX expression (or has too many choices). */
export function licenseChoices(expression: string): Choice[] | undefined {
  let tree: Node
  try {
    tree = parse(expression.trim()) as Node
  } catch {
    return undefined
  }
  return choicesOf(tree)
}

function choicesOf(node: Node): Choice[] | undefined {
  if ('license' in node) {
    return laterVersions(normalId(node.license), node.plus === true).map((license) => [
      node.exception ? { license, exception: node.exception } : { license },
    ])
  }
  const left = choicesOf(node.left)
  const right = choicesOf(node.right)
  if (!left || !right) return undefined
  if (node.conjunction === 'or') return bounded([...left, ...right])
  if (left.length * right.length > MAX_CHOICES) return undefined
  return bounded(left.flatMap((l) => right.map((r) => [...l, ...r])))
}

const bounded = (choices: Choice[]) => (choices.length > MAX_CHOICES ? undefined : choices)

const VERSIONED = /^(.+)-(\d+(?:\.\d+)*)(-only|-or-later)?$/

/**
 * The id itself, or with `+` / `-or-later` each version of its family from that one on that the SPDX list names
 * (`-only` ids, or bare ones for families without them): a user may take any of them, and only those.
 */
function laterVersions(id: string, plus: boolean): string[] {
  const m = VERSIONED.exec(id)
  if (!m || !(plus || m[3] === '-or-later')) return [id]
  const [, family, version] = m as unknown as [string, string, string]
  const later = IDS.filter((other) => {
    const o = VERSIONED.exec(other)
    return o !== null && o[1] === family && o[3] !== '-or-later' && compareVersions(o[2] as string, version) >= 0
  })
  return later.length > 0 ? later : [id]
}

/** A deprecated id with an `-only` successor is read as it (`GPL-2.0` → `GPL-2.0-only`); others as written. */
export function normalId(id: string): string {
  return !KNOWN.has(id) && KNOWN.has(`${id}-only`) ? `${id}-only` : id
}

function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number)
  const y = b.split('.').map(Number)
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/** How a term is written in a policy's lists: the bare id, or `id WITH exception`. */
export function termNames(term: LicenseTerm): string[] {
  return term.exception ? [`${term.license} WITH ${term.exception}`, term.license] : [term.license]
}
