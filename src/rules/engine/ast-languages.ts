// The parsers behind structural (`pattern`) rules: @ast-grep/napi's built-in JavaScript, TypeScript and TSX, plus
// Python, Java, Go and C from the pinned @ast-grep/lang-* packages (prebuilt tree-sitter parsers, registered once
// per process as napi requires). docs/cryptography-rulesets.md "Structural and regex languages".
import c from '@ast-grep/lang-c'
import go from '@ast-grep/lang-go'
import java from '@ast-grep/lang-java'
import python from '@ast-grep/lang-python'
import { Lang, type NapiConfig, parse, registerDynamicLanguage, type SgRoot } from '@ast-grep/napi'
import { patternForms } from './pattern-forms.ts'

/** Semgrep language names whose rules may use `pattern` (matched structurally). */
export const STRUCTURAL_LANGUAGES = ['javascript', 'typescript', 'python', 'java', 'go', 'c'] as const

let registered: boolean | undefined

function dynamicLanguagesReady(): boolean {
  if (registered === undefined) {
    try {
      registerDynamicLanguage({ python, java, go, c })
      registered = true
    } catch {
      // already registered by this process, or a parser that cannot load here: structural matching is then off
      registered = probe()
    }
  }
  return registered
}

function probe(): boolean {
  try {
    parse('python', 'x = 1')
    return true
  } catch {
    return false
  }
}

/** The napi language to parse `semgrepLanguage` source with (`tsx` for .tsx/.jsx files); undefined: no parser. */
export function parserLanguage(semgrepLanguage: string, tsx = false): string | undefined {
  switch (semgrepLanguage) {
    case 'javascript':
      return tsx ? Lang.Tsx : Lang.JavaScript
    case 'typescript':
      return tsx ? Lang.Tsx : Lang.TypeScript
    case 'python':
    case 'java':
    case 'go':
    case 'c':
      return dynamicLanguagesReady() ? semgrepLanguage : undefined
    default:
      return undefined
  }
}

export function parseSource(parser: string, content: string): SgRoot {
  return parse(parser, content)
}

/** Function-body contexts for languages whose top level does not parse a bare call as one. */
const CALL_CONTEXT: Readonly<Record<string, string>> = {
  c: 'void compintel_pattern(void) { PATTERN; }',
  go: 'func compintel_pattern() { PATTERN }',
}

/** Parsers in which a pattern starting with `{` is an object literal (alone it would parse as a block). */
const OBJECT_PARSERS = new Set<string>([Lang.JavaScript, Lang.TypeScript, Lang.Tsx])

/**
 * A Semgrep pattern as ast-grep matchers (any of them matching is a match): the forms of patternForms. In C and Go a
 * call pattern is parsed inside a function body and the call expression selected; in JavaScript and TypeScript a
 * pattern starting with `{` is parsed as the value of an assignment and the object selected.
 */
export function astMatchers(parser: string, semgrepPattern: string): (string | NapiConfig)[] {
  return patternForms(parser, semgrepPattern).map((p) => {
    if (OBJECT_PARSERS.has(parser) && p.startsWith('{'))
      return { rule: { pattern: { context: `x = ${p}`, selector: 'object' } } }
    const context = CALL_CONTEXT[parser]
    if (context && p.endsWith(')')) {
      return { rule: { pattern: { context: context.replace('PATTERN', () => p), selector: 'call_expression' } } }
    }
    return p
  })
}
