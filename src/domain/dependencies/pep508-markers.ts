// PEP 508 environment markers (packaging.python.org/en/latest/specifications/dependency-specifiers, "Environment
// Markers"): `python_version >= "3.8" and (sys_platform == "linux" or extra == "socks")`, parsed and evaluated as
// packaging does: a comparison operator between a marker variable and a string compares them as PEP 440 versions
// when the string is a valid specifier version, else as strings; `in` / `not in` test substrings; `extra` compares
// names normalised (PEP 685). Evaluated against DEFAULT_MARKER_ENVIRONMENT, the one compintel declares.
import { pep503 } from '../shared/purl.ts'
import { clauseHolds } from '../shared/versions/pep440-specifiers.ts'

/**
 * The environment compintel resolves Python dependencies for (docs/dependencies.md "PyPI"): CPython 3.11 on Linux
 * x86_64, the Python of Debian 12 (3.11.2). Values no marker can know here (platform_release, platform_version)
 * are empty strings.
 */
export const DEFAULT_MARKER_ENVIRONMENT: Readonly<Record<string, string>> = {
  os_name: 'posix',
  sys_platform: 'linux',
  platform_machine: 'x86_64',
  platform_python_implementation: 'CPython',
  platform_release: '',
  platform_system: 'Linux',
  platform_version: '',
  python_version: '3.11',
  python_full_version: '3.11.2',
  implementation_name: 'cpython',
  implementation_version: '3.11.2',
}

type Value = { variable: string } | { text: string }
export type Marker =
  | { kind: 'and' | 'or'; left: Marker; right: Marker }
  | { kind: 'compare'; lhs: Value; op: string; rhs: Value }

const VARIABLES = new Set([...Object.keys(DEFAULT_MARKER_ENVIRONMENT), 'extra'])
const TOKEN = /\s*(?:(===|==|!=|<=|>=|~=|<|>)|(\(|\))|'([^']*)'|"([^"]*)"|([A-Za-z_.]+))/y
const MAX_NESTING = 32

type Token = { op: string } | { paren: string } | { text: string } | { word: string }

function tokenize(input: string): Token[] | undefined {
  const out: Token[] = []
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < input.length) {
    if (/^\s*$/.test(input.slice(TOKEN.lastIndex))) break
    const m = TOKEN.exec(input)
    if (!m) return undefined
    if (m[1]) out.push({ op: m[1] })
    else if (m[2]) out.push({ paren: m[2] })
    else if (m[3] !== undefined || m[4] !== undefined) out.push({ text: (m[3] ?? m[4]) as string })
    else out.push({ word: m[5] as string })
  }
  return out
}

/** The parsed marker, or undefined when it is not one. */
export function parseMarker(input: string): Marker | undefined {
  const tokens = tokenize(input)
  if (!tokens || tokens.length === 0) return undefined
  let i = 0
  const word = (w: string) => {
    const t = tokens[i]
    return t !== undefined && 'word' in t && t.word === w
  }
  const value = (): Value | undefined => {
    const t = tokens[i++]
    if (t && 'text' in t) return { text: t.text }
    // `python_implementation` and the dotted names are packaging's old aliases
    if (t && 'word' in t && VARIABLES.has(t.word)) return { variable: t.word }
    return undefined
  }
  const atom = (depth: number): Marker | undefined => {
    const t = tokens[i]
    if (t && 'paren' in t && t.paren === '(') {
      i++
      const inner = expr('or', depth + 1)
      const close = tokens[i++]
      return inner && close && 'paren' in close && close.paren === ')' ? inner : undefined
    }
    const lhs = value()
    if (!lhs) return undefined
    let op: string | undefined
    const o = tokens[i]
    if (o && 'op' in o) op = o.op
    else if (word('in')) op = 'in'
    else if (word('not')) {
      i++
      op = word('in') ? 'not in' : undefined
    }
    i++
    const rhs = value()
    return op && rhs ? { kind: 'compare', lhs, op, rhs } : undefined
  }
  const expr = (kind: 'and' | 'or', depth: number): Marker | undefined => {
    if (depth > MAX_NESTING) return undefined
    const next = () => (kind === 'or' ? expr('and', depth) : atom(depth))
    let left = next()
    while (left && word(kind)) {
      i++
      const right = next()
      left = right && { kind, left, right }
    }
    return left
  }
  const marker = expr('or', 0)
  return marker && i === tokens.length ? marker : undefined
}

/** Whether a marker names the `extra` variable (the dependency is one of an extra's). */
export function mentionsExtra(m: Marker): boolean {
  if (m.kind !== 'compare') return mentionsExtra(m.left) || mentionsExtra(m.right)
  return [m.lhs, m.rhs].some((v) => 'variable' in v && v.variable === 'extra')
}

/**
 * The marker's value in the default environment, with `extra` set to each extra the dependent was asked for in
 * turn (as pip does; `''` when none): true when it holds for one of them.
 */
export function evaluateMarker(m: Marker, extras: ReadonlySet<string> = new Set()): boolean {
  const asked = extras.size > 0 ? [...extras].map(pep503) : ['']
  return asked.some((extra) => evaluate(m, { ...DEFAULT_MARKER_ENVIRONMENT, extra }))
}

function evaluate(m: Marker, env: Record<string, string>): boolean {
  if (m.kind !== 'compare')
    return m.kind === 'and'
      ? evaluate(m.left, env) && evaluate(m.right, env)
      : evaluate(m.left, env) || evaluate(m.right, env)
  const isExtra = [m.lhs, m.rhs].some((v) => 'variable' in v && v.variable === 'extra')
  const read = (v: Value) => {
    const s = 'variable' in v ? (env[v.variable] ?? '') : v.text
    return isExtra ? pep503(s) : s
  }
  return compare(read(m.lhs), m.op, read(m.rhs), isExtra)
}

function compare(lhs: string, op: string, rhs: string, asText: boolean): boolean {
  if (op === 'in') return rhs.includes(lhs)
  if (op === 'not in') return !rhs.includes(lhs)
  const asVersion = asText ? undefined : clauseHolds(`${op}${rhs}`, lhs)
  if (asVersion !== undefined) return asVersion
  switch (op) {
    case '==':
    case '===':
      return lhs === rhs
    case '!=':
      return lhs !== rhs
    case '<':
      return lhs < rhs
    case '<=':
      return lhs <= rhs
    case '>':
      return lhs > rhs
    case '>=':
      return lhs >= rhs
    default:
      return false // `~=` between strings that are no versions: packaging's UndefinedComparison
  }
}
