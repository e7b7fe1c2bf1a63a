// Cargo's platform-specific dependency keys (the Cargo book, "Platform specific dependencies"): `cfg(...)`
// expressions (the Rust reference, "Conditional compilation": `all(…)`, `any(…)`, `not(…)`, `name`,
// `name = "value"`) or a target triple, evaluated for DEFAULT_TARGET, the one compintel declares.

/** The target compintel resolves crates for (docs/dependencies.md "crates.io"): x86_64 Linux with glibc. */
export const DEFAULT_TARGET = 'x86_64-unknown-linux-gnu'

/** What `rustc --print cfg --target x86_64-unknown-linux-gnu` prints (rustc 1.8x): names and key-value pairs. */
const CFG = new Set([
  'unix',
  'debug_assertions',
  'panic="unwind"',
  'target_arch="x86_64"',
  'target_endian="little"',
  'target_env="gnu"',
  'target_family="unix"',
  'target_feature="fxsr"',
  'target_feature="sse"',
  'target_feature="sse2"',
  'target_has_atomic="8"',
  'target_has_atomic="16"',
  'target_has_atomic="32"',
  'target_has_atomic="64"',
  'target_has_atomic="ptr"',
  'target_os="linux"',
  'target_pointer_width="64"',
  'target_vendor="unknown"',
])

const TOKEN = /\s*(?:([A-Za-z_][A-Za-z0-9_]*)|"([^"\\]*)"|([(),=]))/y
const MAX_NESTING = 32

type Token = { ident: string } | { text: string } | { punct: string }

function tokenize(input: string): Token[] | undefined {
  const out: Token[] = []
  TOKEN.lastIndex = 0
  while (TOKEN.lastIndex < input.length) {
    if (/^\s*$/.test(input.slice(TOKEN.lastIndex))) break
    const m = TOKEN.exec(input)
    if (!m) return undefined
    out.push(m[1] ? { ident: m[1] } : m[2] !== undefined ? { text: m[2] } : { punct: m[3] as string })
  }
  return out
}

/** Whether a `[target.<key>]` table applies to the default target; undefined when the key is neither form. */
export function targetApplies(key: string): boolean | undefined {
  const k = key.trim()
  if (!k.startsWith('cfg(')) return /^[A-Za-z0-9_.-]+$/.test(k) ? k === DEFAULT_TARGET : undefined
  const tokens = tokenize(k)
  if (!tokens) return undefined
  let i = 0
  const punct = (p: string) => {
    const t = tokens[i]
    if (t && 'punct' in t && t.punct === p) {
      i++
      return true
    }
    return false
  }
  /** `(a, b, …)`, a trailing comma allowed. */
  const list = (depth: number): boolean[] | undefined => {
    if (!punct('(')) return undefined
    const out: boolean[] = []
    if (punct(')')) return out
    for (;;) {
      const v = expr(depth + 1)
      if (v === undefined) return undefined
      out.push(v)
      if (punct(')')) return out
      if (!punct(',')) return undefined
      if (punct(')')) return out
    }
  }
  const expr = (depth: number): boolean | undefined => {
    if (depth > MAX_NESTING) return undefined
    const t = tokens[i++]
    if (!t || !('ident' in t)) return undefined
    if (t.ident === 'all' || t.ident === 'any' || t.ident === 'not') {
      const args = list(depth)
      if (!args) return undefined
      if (t.ident === 'not') return args.length === 1 ? !args[0] : undefined
      return t.ident === 'all' ? args.every(Boolean) : args.some(Boolean)
    }
    if (!punct('=')) return CFG.has(t.ident)
    const v = tokens[i++]
    return v && 'text' in v ? CFG.has(`${t.ident}="${v.text}"`) : undefined
  }
  const first = tokens[i++]
  if (!first || !('ident' in first) || first.ident !== 'cfg') return undefined
  const args = list(0)
  return args?.length === 1 && i === tokens.length ? args[0] : undefined
}
