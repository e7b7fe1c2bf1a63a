// A go.mod file (go.dev/ref/mod#go-mod-file): `module`, `go`, `toolchain`, `require` (with `// indirect`),
// `exclude`, `replace` and `retract`, each in its single-line form or a parenthesised block; `//` comments; module
// paths and versions bare, interpreted ("…") or raw (`…`) strings. Other directives (godebug, tool, ignore) are
// skipped, as an older go command would reject but a newer one reads them. The input is outside data: its size and
// line count are bounded, and a line that is no directive this parser knows is reported, not fatal.

interface GoRequirement {
  path: string
  version: string
  /** Marked `// indirect`: needed by a dependency, not by the module's own packages. */
  indirect: boolean
}

/** `path [version] => path [version]`; a replacement without version is a local folder (a path starting ./ ../ /). */
interface GoReplace {
  path: string
  /** Absent: every version of `path` is replaced. */
  version?: string
  newPath: string
  newVersion?: string
}

interface GoRetract {
  /** One version: low === high. */
  low: string
  high: string
  rationale: string
}

export interface GoMod {
  module: string | undefined
  /** The module's deprecation: a `// Deprecated:` paragraph of the comments above or on the module line. */
  deprecated?: string
  go: string | undefined
  toolchain?: string
  require: GoRequirement[]
  exclude: { path: string; version: string }[]
  replace: GoReplace[]
  retract: GoRetract[]
  /** Lines not understood (their number and why). */
  problems: string[]
}

export const MAX_GO_MOD_BYTES = 1024 * 1024
const MAX_LINES = 50_000

/** The tokens of a line, its trailing comment apart; undefined for an unterminated string. */
function tokenize(line: string): { tokens: string[]; comment: string | undefined } | undefined {
  const tokens: string[] = []
  let i = 0
  while (i < line.length) {
    const c = line[i] as string
    if (c === ' ' || c === '\t' || c === '\r') {
      i++
    } else if (line.startsWith('//', i)) {
      return { tokens, comment: line.slice(i + 2).trim() }
    } else if (c === '"') {
      let j = i + 1
      let s = ''
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length) j++
        s += line[j]
      }
      if (j >= line.length) return undefined
      tokens.push(s)
      i = j + 1
    } else if (c === '`') {
      const j = line.indexOf('`', i + 1)
      if (j < 0) return undefined
      tokens.push(line.slice(i + 1, j))
      i = j + 1
    } else if (c === '(' || c === ')' || c === '[' || c === ']' || c === ',') {
      tokens.push(c)
      i++
    } else if (line.startsWith('=>', i)) {
      tokens.push('=>')
      i += 2
    } else {
      let j = i
      while (j < line.length && !/[\s"`()[\],]/.test(line[j] as string) && !line.startsWith('=>', j)) j++
      tokens.push(line.slice(i, j))
      i = j
    }
  }
  return { tokens, comment: undefined }
}

const BLOCKS = new Set(['require', 'exclude', 'replace', 'retract', 'godebug', 'tool', 'ignore'])
const IGNORED = new Set(['godebug', 'tool', 'ignore'])
const LOCAL = /^(\.\.?\/|\/)/

/** Parses a go.mod file's text. Throws only when it is larger than MAX_GO_MOD_BYTES or MAX_LINES. */
export function parseGoMod(text: string): GoMod {
  if (text.length > MAX_GO_MOD_BYTES) throw new Error(`go.mod larger than ${MAX_GO_MOD_BYTES} bytes`)
  const lines = text.split('\n')
  if (lines.length > MAX_LINES) throw new Error(`go.mod longer than ${MAX_LINES} lines`)
  const mod: GoMod = {
    module: undefined,
    go: undefined,
    require: [],
    exclude: [],
    replace: [],
    retract: [],
    problems: [],
  }
  let block: string | undefined
  // the comment lines right above a line (no blank line between): with its own comment, a directive's comment text
  let before: string[] = []
  let blockText = ''
  for (const [n, raw] of lines.entries()) {
    const t = tokenize(raw)
    if (!t) {
      mod.problems.push(`line ${n + 1}: unterminated string`)
      before = []
      continue
    }
    let { tokens } = t
    if (tokens.length === 0) {
      before = t.comment === undefined ? [] : [...before, t.comment]
      continue
    }
    const own = [...before, ...(t.comment === undefined ? [] : [t.comment])]
    before = []
    // a line of a block without comments of its own has the block's (modfile's parseDirectiveComment)
    const comment = {
      suffix: t.comment ?? '',
      text: own.length === 0 && block !== undefined ? blockText : own.join('\n'),
    }
    if (block !== undefined) {
      if (tokens[0] === ')') {
        block = undefined
        continue
      }
      note(mod, n + 1, directive(mod, block, tokens, comment))
      continue
    }
    const verb = tokens[0] as string
    tokens = tokens.slice(1)
    if (BLOCKS.has(verb) && tokens[0] === '(' && tokens.length === 1) {
      block = verb
      blockText = comment.text
      continue
    }
    note(mod, n + 1, directive(mod, verb, tokens, comment))
  }
  if (block !== undefined) mod.problems.push(`the ${block} block is not closed`)
  return mod
}

function note(mod: GoMod, line: number, problem: string | undefined): void {
  if (problem) mod.problems.push(`line ${line}: ${problem}`)
}

/**
 * golang.org/x/mod/modfile's: a paragraph of the module line's comments starting `Deprecated:` (case-sensitive), its
 * message the rest of the paragraph.
 */
const DEPRECATED = /(?:^|\n\n)Deprecated: *([\s\S]*?)(?:$|\n\n)/

/**
 * Records one directive in `mod`; what is wrong with it, if anything. `comment`: the line's own comment (`suffix`)
 * and, as the go command reads a directive's comment, the comment lines right above it and that one, a line each.
 */
function directive(
  mod: GoMod,
  verb: string,
  args: string[],
  comment: { suffix: string; text: string },
): string | undefined {
  const bad = (why: string) => `${verb} ${why}`
  switch (verb) {
    case 'module':
      if (args.length !== 1) return bad('takes one module path')
      mod.module = args[0]
      {
        const deprecated = DEPRECATED.exec(comment.text)?.[1]
        if (deprecated !== undefined) mod.deprecated = deprecated
      }
      return
    case 'go':
      if (args.length !== 1) return bad('takes one version')
      mod.go = args[0]
      return
    case 'toolchain':
      if (args.length !== 1) return bad('takes one name')
      mod.toolchain = args[0] as string
      return
    case 'require':
    case 'exclude': {
      if (args.length !== 2) return bad('takes a module path and a version')
      const [path, version] = args as [string, string]
      if (verb === 'exclude') mod.exclude.push({ path, version })
      else mod.require.push({ path, version, indirect: /^indirect(;|$)/.test(comment.suffix) })
      return
    }
    case 'replace': {
      const arrow = args.indexOf('=>')
      const [left, right] = [args.slice(0, arrow), args.slice(arrow + 1)]
      if (arrow < 1 || left.length > 2 || right.length < 1 || right.length > 2)
        return bad('takes `path [version] => path [version]`')
      const local = right.length === 1
      if (local && !LOCAL.test(right[0] as string)) return bad('to a module path needs its version')
      mod.replace.push({
        path: left[0] as string,
        ...(left[1] !== undefined ? { version: left[1] } : {}),
        newPath: right[0] as string,
        ...(right[1] !== undefined ? { newVersion: right[1] } : {}),
      })
      return
    }
    case 'retract': {
      let low: string | undefined
      let high: string | undefined
      if (args.length === 1) [low, high] = [args[0], args[0]]
      else if (args.length === 5 && args[0] === '[' && args[2] === ',' && args[4] === ']')
        [low, high] = [args[1], args[3]]
      if (low === undefined || high === undefined) return bad('takes a version or an interval [low, high]')
      mod.retract.push({ low, high, rationale: comment.text })
      return
    }
    default:
      return IGNORED.has(verb) ? undefined : bad('is not a go.mod directive')
  }
}
