// The HFH scan request as scanoss-py sends it (docs/api-behaviour.md "Folder hashing (client)"): node keys in order,
// nulls for small nodes, children down to a depth, and the bytes of Python's json.dumps (", " and ": ", ASCII-only).
import { toHex } from './primitives.ts'
import type { FolderNode } from './tree.ts'

/** One node of the request, keys in the client's order. */
export interface RequestNode {
  path_id: string
  sim_hash_names: string | null
  sim_hash_content: string | null
  sim_hash_dir_names: string | null
  lang_extensions: Map<string, number> | null
  children: RequestNode[]
}

export interface ScanRequest {
  root: RequestNode
  rank_threshold: number
  recursive_threshold: number
  min_accepted_score: number
}

/** The client's defaults (scanoss-py constants): rank 5, recursive threshold 0.8, minimum score 0.15, depth 1. */
export const CLIENT_DEFAULTS = { rank_threshold: 5, recursive_threshold: 0.8, min_accepted_score: 0.15, depth: 1 }

/** The node and its descendants down to `depth` (the root is at depth 1; deeper nodes get `children: []`). */
export function toRequestNode(node: FolderNode, depth: number): RequestNode {
  const h = node.hashes
  return {
    path_id: node.path,
    sim_hash_names: h ? toHex(h.names) : null,
    sim_hash_content: h ? toHex(h.content) : null,
    sim_hash_dir_names: h ? toHex(h.dirs) : null,
    lang_extensions: h ? h.langExtensions : null,
    children: node.depth < depth ? node.children.map((c) => toRequestNode(c, depth)) : [],
  }
}

export function scanRequest(root: FolderNode, depth: number, filters = CLIENT_DEFAULTS): ScanRequest {
  return {
    root: toRequestNode(root, depth),
    rank_threshold: filters.rank_threshold,
    recursive_threshold: filters.recursive_threshold,
    min_accepted_score: filters.min_accepted_score,
  }
}

/** Fields the client holds as Python floats (its CLI parses them with float()), written as Python writes floats. */
const FLOAT_FIELDS = new Set(['recursive_threshold', 'min_accepted_score'])

/**
 * JSON text as Python's json.dumps with its defaults: ", " and ": " separators, non-ASCII escaped as \uXXXX
 * (surrogate pairs for astral characters), Maps written as objects in their insertion order.
 */
export function pythonJson(value: unknown, asFloat = false): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return pythonString(value)
  if (typeof value === 'number') return asFloat || !Number.isInteger(value) ? pythonFloat(value) : String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (Array.isArray(value)) return `[${value.map((v) => pythonJson(v)).join(', ')}]`
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as object)
  return `{${entries.map(([k, v]) => `${pythonString(String(k))}: ${pythonJson(v, FLOAT_FIELDS.has(String(k)))}`).join(', ')}}`
}

/** Python's float repr: the shortest round-trip digits, fixed notation for exponents -4 to 15, else 1e-05 style. */
export function pythonFloat(x: number): string {
  const [mantissa, exp] = x.toExponential().split('e') as [string, string]
  const e = Number(exp)
  if (e < -4 || e >= 16) return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`
  const fixed = x.toFixed(Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - e))
  return fixed.includes('.') ? fixed : `${fixed}.0`
}

const ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
}

function pythonString(s: string): string {
  let out = '"'
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string
    const code = s.charCodeAt(i)
    const esc = ESCAPES[ch]
    if (esc) out += esc
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`
    else out += ch
  }
  return `${out}"`
}
