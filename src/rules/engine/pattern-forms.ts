// A Semgrep pattern as the ast-grep pattern texts that together match what it matches (docs/cryptography-rulesets.md
// "Rule format", docs/semgrep.md "Engine"). ast-grep's `$$$` stops at the first node the next pattern element
// matches and never backtracks, and compares string literals with their quotes, so some Semgrep forms need several.

/** How many arguments a leading `...` before a metavariable stands for, at most (`f(..., $X)` → up to 3 before). */
const MAX_LEADING = 3

/** Languages in which `"x"` and `'x'` are the same string, as Semgrep treats them. */
const QUOTE_EQUIVALENT = new Set(['JavaScript', 'TypeScript', 'Tsx', 'python'])

const TRAILING = /,\s*\.\.\.(?![.\w$])/
const LEADING = /\(\s*\.\.\.\s*,\s*(?=\$[A-Z_])/
const DOUBLE_QUOTED = /"([^"'\\\n$]*)"/g

/**
 * - `f($X, ...)`: Semgrep's `...` may be empty, ast-grep's `, $$$` needs a node: both `f($X, $$$)` and `f($X)`.
 * - `f(..., $X)`: `$$$` would stop at the first argument (`$X` matches anything): `f($X)`, `f($_, $X)`, … up to
 *   MAX_LEADING arguments before.
 * - In JavaScript, TypeScript and Python a double-quoted literal also matches with single quotes.
 * - Every other `...` becomes `$$$`.
 */
export function patternForms(parser: string, semgrepPattern: string): string[] {
  // parser: a napi language name (`JavaScript`, `TypeScript`, `Tsx`) or a registered one (`python`, `go`, …)
  let forms = [semgrepPattern.trim()]
  forms = expand(forms, TRAILING, (f, m) => [
    `${f.slice(0, m.index)}, $$$${f.slice(m.index + m[0].length)}`,
    f.slice(0, m.index) + f.slice(m.index + m[0].length),
  ])
  forms = expand(forms, LEADING, (f, m) =>
    Array.from(
      { length: MAX_LEADING + 1 },
      (_, n) => `${f.slice(0, m.index)}(${'$_, '.repeat(n)}${f.slice(m.index + m[0].length)}`,
    ),
  )
  if (QUOTE_EQUIVALENT.has(parser)) forms = forms.flatMap(quoteVariants)
  return [...new Set(forms.map((f) => f.replace(/(^|[^.])\.\.\.(?![.\w$])/g, (_m, pre: string) => `${pre}$$$`)))]
}

function expand(forms: string[], re: RegExp, alternatives: (f: string, m: RegExpExecArray) => string[]): string[] {
  let out = forms
  while (out.some((f) => re.test(f)))
    out = out.flatMap((f) => {
      const m = re.exec(f)
      return m ? alternatives(f, m) : [f]
    })
  return out
}

/** The pattern with each of its double-quoted literals also in single quotes. */
function quoteVariants(form: string): string[] {
  let out = ['']
  let last = 0
  for (const m of form.matchAll(DOUBLE_QUOTED)) {
    const before = form.slice(last, m.index)
    out = out.flatMap((o) => [`${o}${before}"${m[1]}"`, `${o}${before}'${m[1]}'`])
    last = (m.index ?? 0) + m[0].length
  }
  return out.map((o) => o + form.slice(last))
}
