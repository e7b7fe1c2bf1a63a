// The HFH scan request, checked and typed (docs/folder-hashing.md "Request fields and defaults"): proto names and
// their lowerCamel JSON names both accepted, nulls for small folders, bounds on depth and size.
import { parseHex64 } from './primitives.ts'
import type { ScanFilters, ScanNode } from './types.ts'

/** Deeper trees are refused. */
export const MAX_TREE_DEPTH = 64
/** Larger trees are refused. */
export const MAX_TREE_NODES = 50_000
/** query_limit's default and ceiling. */
export const DEFAULT_QUERY_LIMIT = 10
const MAX_QUERY_LIMIT = 100
/** The defaults scanoss-py sends (its constants), used for whatever a request leaves out. */
export const DEFAULT_FILTERS = { rankThreshold: 5, recursiveThreshold: 0.8, minAcceptedScore: 0.15 }

/** The request does not describe a folder tree: the message says where and why. */
export class ScanRequestError extends Error {
  override readonly name = 'ScanRequestError'
}

export interface ParsedScanRequest {
  root: ScanNode
  filters: ScanFilters
  nodes: number
}

type Obj = Record<string, unknown>

export function parseScanRequest(body: unknown): ParsedScanRequest {
  if (!isObj(body)) throw new ScanRequestError('the body must be a JSON object with a root folder')
  const rootRaw = field(body, 'root', 'root')
  if (!isObj(rootRaw)) throw new ScanRequestError("body must have required property 'root' (a folder object)")
  const { root, nodes } = parseTree(rootRaw)
  return { root, filters: parseFilters(body), nodes }
}

/**
 * Ranks run 1–9, and scanoss-py passes whatever integer its user typed (and hides a 400), so a threshold outside
 * is clamped, never refused: above 9 is 9 (every rank), below 0 is 1 (the strictest; the reference keeps nothing).
 */
function clampRank(rank: number | undefined): number | undefined {
  if (rank === undefined || rank === 0) return rank
  return Math.min(9, Math.max(1, rank))
}

function parseFilters(body: Obj): ScanFilters {
  const rank = clampRank(optionalNumber(body, 'rank_threshold', 'rankThreshold', true))
  const limit = optionalNumber(body, 'query_limit', 'queryLimit', true)
  if (limit !== undefined && limit < 0) throw new ScanRequestError('query_limit: a positive integer')
  const recursive = optionalNumber(body, 'recursive_threshold', 'recursiveThreshold', false)
  const minScore = optionalNumber(body, 'min_accepted_score', 'minAcceptedScore', false)
  for (const [name, v] of [
    ['recursive_threshold', recursive],
    ['min_accepted_score', minScore],
  ] as const) {
    if (v !== undefined && (v < 0 || v > 1)) throw new ScanRequestError(`${name}: a number from 0 to 1`)
  }
  const category = field(body, 'category', 'category')
  if (category !== undefined && category !== null && typeof category !== 'string')
    throw new ScanRequestError('category: a PURL type such as "npm"')
  return {
    // 0 is proto3's "not set": an omitted or zero rank threshold means the clients' default, never "nothing"
    rankThreshold: rank || DEFAULT_FILTERS.rankThreshold,
    category: typeof category === 'string' && category.trim() !== '' ? category.trim().toLowerCase() : undefined,
    queryLimit: limit ? Math.min(limit, MAX_QUERY_LIMIT) : DEFAULT_QUERY_LIMIT,
    recursiveThreshold: recursive ?? DEFAULT_FILTERS.recursiveThreshold,
    minAcceptedScore: minScore ?? DEFAULT_FILTERS.minAcceptedScore,
  }
}

/** Builds the tree without recursion, counting nodes and levels as it goes so an oversized tree stops early. */
function parseTree(rootRaw: Obj): { root: ScanNode; nodes: number } {
  const root = parseNode(rootRaw, 'root')
  let nodes = 1
  const stack: { raw: Obj; node: ScanNode; depth: number; where: string }[] = [
    { raw: rootRaw, node: root, depth: 1, where: 'root' },
  ]
  while (stack.length > 0) {
    const { raw, node, depth, where } = stack.pop() as (typeof stack)[number]
    const children = field(raw, 'children', 'children')
    if (children === undefined || children === null) continue
    if (!Array.isArray(children)) throw new ScanRequestError(`${where}.children: a list of folders`)
    if (children.length > 0 && depth >= MAX_TREE_DEPTH)
      throw new ScanRequestError(`the tree is deeper than ${MAX_TREE_DEPTH} levels`)
    nodes += children.length
    if (nodes > MAX_TREE_NODES) throw new ScanRequestError(`the tree has more than ${MAX_TREE_NODES} folders`)
    children.forEach((c, i) => {
      const at = `${where}.children[${i}]`
      if (!isObj(c)) throw new ScanRequestError(`${at}: a folder object`)
      const child = parseNode(c, at)
      node.children.push(child)
      stack.push({ raw: c, node: child, depth: depth + 1, where: at })
    })
  }
  return { root, nodes }
}

function parseNode(raw: Obj, where: string): ScanNode {
  const pathId = field(raw, 'path_id', 'pathId')
  if (typeof pathId !== 'string') throw new ScanRequestError(`${where}.path_id: required, a string`)
  const names = hash(raw, 'sim_hash_names', 'simHashNames', where)
  const content = hash(raw, 'sim_hash_content', 'simHashContent', where)
  const dirs = hash(raw, 'sim_hash_dir_names', 'simHashDirNames', where)
  const lang = field(raw, 'lang_extensions', 'langExtensions')
  if (lang !== undefined && lang !== null) {
    if (!isObj(lang) || Object.values(lang).some((n) => !Number.isInteger(n) || (n as number) < 0))
      throw new ScanRequestError(`${where}.lang_extensions: an object of extension → file count, or null`)
  }
  const given = [names, content, dirs].filter((h) => h !== undefined).length
  if (given !== 0 && given !== 3)
    throw new ScanRequestError(`${where}: give all three sim_hash fields or none (null for a small folder)`)
  return {
    pathId,
    hashes: names && content && dirs ? { names, content, dirs } : undefined,
    children: [],
  }
}

function hash(raw: Obj, name: string, camel: string, where: string) {
  const v = field(raw, name, camel)
  if (v === undefined || v === null || v === '') return undefined
  const parsed = typeof v === 'string' ? parseHex64(v) : undefined
  if (!parsed) throw new ScanRequestError(`${where}.${name}: 1 to 16 hexadecimal digits, or null`)
  return parsed
}

function optionalNumber(body: Obj, name: string, camel: string, integer: boolean): number | undefined {
  const v = field(body, name, camel)
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v)))
    throw new ScanRequestError(`${name}: ${integer ? 'an integer' : 'a number'}`)
  return v
}

/** The field under its proto name, else under its JSON (lowerCamel) name. */
function field(o: Obj, name: string, camel: string): unknown {
  return Object.hasOwn(o, name) ? o[name] : o[camel]
}

function isObj(x: unknown): x is Obj {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}
