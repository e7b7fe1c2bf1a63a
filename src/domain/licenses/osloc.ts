// A reader of the OSADL Open Source License Obligations Checklist language (OSLOC, docs/licenses.md "OSADL"): one
// checklist text → its use cases as trees of obligations, its compatibility lists, its copyleft clause and patent
// hints. Lines are `<tabs><KEYWORD>[ <text>]`; a line's tabs say which line above it belongs to.

/** The statement keywords of a use case, longest first so that `YOU MUST NOT` is not read as `YOU MUST`. */
const STATEMENT_KEYWORDS = [
  'YOU MUST NOT',
  'YOU MUST',
  'ATTRIBUTE',
  'EXCEPT IF',
  'EITHER IF',
  'OR IF',
  'IF',
  'EITHER',
  'OR',
] as const

/** The keywords of the checklist's top level besides `USE CASE`: lists of license ids, and two Yes/No facts. */
const LIST_KEYWORDS = {
  'DEPENDING COMPATIBILITY': 'dependingCompatibility',
  COMPATIBILITY: 'compatibility',
  INCOMPATIBILITY: 'incompatibility',
} as const

export type CopyleftClause = 'Yes' | 'No' | 'Questionable'

interface OslocNode {
  keyword: (typeof STATEMENT_KEYWORDS)[number]
  /** The rest of the line ('' for EITHER and OR). */
  text: string
  children: OslocNode[]
}

export interface OslocUseCase {
  name: string
  /** The use case's lines below `USE CASE <name>`, one tab less, as the checklist writes them. */
  text: string
  obligations: OslocNode[]
}

export interface OslocChecklist {
  useCases: OslocUseCase[]
  compatibility: string[]
  dependingCompatibility: string[]
  incompatibility: string[]
  /** `COPYLEFT CLAUSE`; a checklist without the line has none ('No', as OSADL's own OSLOC2JSON reads it). */
  copyleftClause: CopyleftClause
  /** `PATENT HINTS`; 'No' when the line is absent, as OSLOC2JSON reads it. */
  patentHints: 'Yes' | 'No'
}

const MAX_TEXT = 1_000_000

/** Parses one checklist; throws an Error naming the line on anything that is not the checklist language. */
export function parseOsloc(source: string): OslocChecklist {
  if (source.length > MAX_TEXT) throw new Error(`checklist longer than ${MAX_TEXT} characters`)
  const out: OslocChecklist = {
    useCases: [],
    compatibility: [],
    dependingCompatibility: [],
    incompatibility: [],
    copyleftClause: 'No',
    patentHints: 'No',
  }
  let useCase: { name: string; lines: string[]; obligations: OslocNode[] } | undefined
  let stack: OslocNode[][] = []
  const finish = () => {
    if (useCase)
      out.useCases.push({ name: useCase.name, text: useCase.lines.join('\n'), obligations: useCase.obligations })
  }
  source.split(/\r?\n/).forEach((raw, i) => {
    const where = `line ${i + 1}`
    if (raw.trim() === '') return
    const depth = /^\t*/.exec(raw)?.[0].length ?? 0
    const line = raw.slice(depth).trimEnd()
    if (depth === 0) {
      if (line.startsWith('USE CASE ')) {
        finish()
        useCase = { name: line.slice('USE CASE '.length).trim(), lines: [], obligations: [] }
        stack = [useCase.obligations]
        return
      }
      useCase && finish()
      useCase = undefined
      topLevel(out, line, where)
      return
    }
    if (!useCase) throw new Error(`${where}: an indented line outside a USE CASE`)
    if (depth > stack.length) throw new Error(`${where}: indented deeper than the line above allows`)
    const keyword = STATEMENT_KEYWORDS.find((k) => line === k || line.startsWith(`${k} `))
    if (!keyword) throw new Error(`${where}: unknown statement "${line.slice(0, 60)}"`)
    const node: OslocNode = { keyword, text: line.slice(keyword.length).trim(), children: [] }
    stack.length = depth
    ;(stack[depth - 1] as OslocNode[]).push(node)
    stack.push(node.children)
    useCase.lines.push(raw.slice(1).trimEnd())
  })
  finish()
  return out
}

function topLevel(out: OslocChecklist, line: string, where: string): void {
  for (const [keyword, field] of Object.entries(LIST_KEYWORDS)) {
    if (line.startsWith(`${keyword} `)) {
      out[field].push(line.slice(keyword.length + 1).trim())
      return
    }
  }
  const fact = /^(COPYLEFT CLAUSE|PATENT HINTS) (.+)$/.exec(line)
  if (fact?.[1] === 'COPYLEFT CLAUSE' && ['Yes', 'No', 'Questionable'].includes(fact[2] as string)) {
    out.copyleftClause = fact[2] as CopyleftClause
    return
  }
  if (fact?.[1] === 'PATENT HINTS' && (fact[2] === 'Yes' || fact[2] === 'No')) {
    out.patentHints = fact[2]
    return
  }
  throw new Error(`${where}: unknown top-level line "${line.slice(0, 60)}"`)
}
