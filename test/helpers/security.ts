// Shared by the security suites: every operation's request schema (from the served OpenAPI document, so routes added
// later are covered), fast-check arbitraries that follow a schema, the string fields of a body, and the 5xx check.
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { App } from '../../src/http/types.ts'

export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  additionalProperties?: JsonSchema | boolean
  enum?: unknown[]
  const?: unknown
}

export interface Operation {
  method: string
  /** The route's URL with path parameters filled in. */
  url: string
  family: string
  body?: JsonSchema
  query: { name: string; required: boolean; schema: JsonSchema }[]
}

/** Every route in the route table with its request schema; path parameters become `x`. */
export async function operations(app: App): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/v2/openapi.json' })).json() as OpenApi
  return app.routeTable.map((r) => {
    const openapiPath = r.url.replace(/:([A-Za-z_]+)/g, '{$1}')
    const op = doc.paths[openapiPath]?.[r.method.toLowerCase()]
    return {
      method: r.method,
      url: r.url.replace(/:([A-Za-z_]+)/g, 'x').replace('*', 'x'),
      family: r.url.split('/').slice(0, 3).join('/') || '/',
      ...(op?.requestBody ? { body: op.requestBody.content?.['application/json']?.schema ?? {} } : {}),
      query: (op?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} })),
    }
  })
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[]
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
      }
    >
  >
}

/** Values a handler accepts, by field name, so generated bodies get past validation into the handlers. */
const USEFUL: Record<string, string[]> = {
  purl: ['pkg:npm/fx-app', 'pkg:npm/fx-lib@1.2.0', 'pkg:npm/%40fx/scoped', 'pkg:npm/fx-util', 'pkg:pypi/nope'],
  requirement: ['', '^1.0.0', '>=2', '~2.1.0', '1.x || 2.x', '*'],
  file: ['package.json', 'requirements.txt'],
  path_id: ['', 'src', 'src/lib'],
  category: ['npm', 'pypi', ''],
  id: ['MIT', 'Apache-2.0', 'GPL-2.0-only'],
  search: ['fx', 'fx-lib', 'lib'],
  vendor: ['fx', '@fx'],
  component: ['scoped', 'fx-app'],
  package: ['npm', 'all'],
}
const hex = fc.stringMatching(/^[0-9a-f]{1,16}$/)

/** Hostile strings: any code point, controls, quotes, percent escapes, SQL and LIKE metacharacters, long runs. */
export const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...`'"\\%_;-*/()[]{}<>|&=?#@:\`$`, '\u0000', '\r\n', 'é', '😀'), maxLength: 20 }),
  fc.constantFrom("' OR '1'='1", "'; DROP TABLE components; --", '\u0000', '%', '_', '\\'),
  fc.integer({ min: 1, max: 70_000 }).map((n) => 'a'.repeat(n)),
)

function leafString(field: string | undefined): fc.Arbitrary<string> {
  const useful =
    field === undefined ? undefined : field.startsWith('sim_hash') ? [hex] : USEFUL[field]?.map(fc.constant)
  return useful
    ? fc.oneof({ weight: 3, arbitrary: fc.oneof(...useful) }, { weight: 2, arbitrary: hostileString })
    : hostileString
}

const number = fc.oneof(
  fc.integer({ min: -5, max: 20 }),
  fc.integer(),
  fc.constantFrom(2 ** 53, -(2 ** 53), 1e308, 0.5, -0),
  fc.double({ noNaN: true }),
)

/**
 * Bodies that follow a schema, with hostile leaves, and one node in ten replaced by arbitrary JSON (a wrong type).
 * An open object inside an object may take its parent's shape (folder trees: `children` are folders).
 */
export function schemaArbitrary(
  schema: JsonSchema,
  field?: string,
  parent?: JsonSchema,
  depth = 0,
): fc.Arbitrary<unknown> {
  const shaped = shapedArbitrary(schema, field, parent, depth)
  return fc.oneof({ weight: 9, arbitrary: shaped }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) })
}

function shapedArbitrary(s: JsonSchema, field: string | undefined, parent: JsonSchema | undefined, depth: number) {
  if (s.anyOf) return fc.oneof(...s.anyOf.map((x) => schemaArbitrary(x, field, parent, depth)))
  if (s.enum) return fc.constantFrom(...s.enum)
  const type = [s.type ?? 'object'].flat()[0]
  switch (type) {
    case 'string':
      return leafString(field)
    case 'integer':
    case 'number':
      return number
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(schemaArbitrary(s.items ?? {}, field, parent, depth + 1), { maxLength: depth > 3 ? 1 : 4 })
    default: {
      const props = Object.entries(s.properties ?? {})
      if (typeof s.additionalProperties === 'object' && props.length === 0)
        return fc.dictionary(
          fc.string({ maxLength: 8 }),
          schemaArbitrary(s.additionalProperties, field, s, depth + 1),
          {
            maxKeys: 3,
          },
        )
      if (isOpen(s)) {
        if (parent && depth < 6) return schemaArbitrary(parent, field, parent, depth + 1)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
      }
      const model = Object.fromEntries(props.map(([k, v]) => [k, schemaArbitrary(v, k, s, depth + 1)]))
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) })
    }
  }
}

/** An object schema without properties of its own: in these APIs, a tree node of its parent's shape. */
const isOpen = (s: JsonSchema) =>
  [s.type ?? 'object'].flat()[0] === 'object' &&
  Object.keys(s.properties ?? {}).length === 0 &&
  typeof s.additionalProperties !== 'object'

/**
 * A valid-looking value for a schema: every property present, one array element, useful strings; an open object
 * takes its parent's shape once (a folder with one sub-folder that has none).
 */
export function example(s: JsonSchema, field?: string, parent?: JsonSchema, nested = false): unknown {
  if (s.anyOf) return example(s.anyOf.find((x) => x.type !== 'null') ?? {}, field, parent, nested)
  if (s.enum) return s.enum[0]
  const type = [s.type ?? 'object'].flat()[0]
  if (type === 'string') return field?.startsWith('sim_hash') ? '0f' : (USEFUL[field ?? '']?.[0] ?? 'x')
  if (type === 'integer' || type === 'number') return 1
  if (type === 'boolean') return true
  if (type === 'null') return null
  if (type === 'array') return nested && isOpen(s.items ?? {}) ? [] : [example(s.items ?? {}, field, parent, nested)]
  if (isOpen(s)) return parent && !nested ? example(parent, field, undefined, true) : {}
  return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, example(v, k, s, nested)]))
}

/** JSON paths (keys and array indexes) of every string leaf of `example(schema)`. */
export function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at]
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, i]))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]))
  return []
}

/** JSON paths of every array of `example(schema)` whose element has the shape of the array's owner (a tree). */
export function treePaths(value: unknown): (string | number)[][] {
  const keys = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v).sort().join() : '')
  return arrayPaths(value).filter(
    (p) =>
      p.length > 0 &&
      keys(valueAt(value, [...p, 0])) !== '' &&
      keys(valueAt(value, [...p, 0])) === keys(valueAt(value, p.slice(0, -1))),
  )
}

/** JSON paths of every array of `example(schema)`. */
export function arrayPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => arrayPaths(v, [...at, i]))]
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => arrayPaths(v, [...at, k]))
  return []
}

export function valueAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value)
}

/** A deep copy of `value` with the node at `path` replaced. */
export function withAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const copy = structuredClone(value) as Record<string | number, unknown>
  let node = copy
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  node[path[path.length - 1] as string | number] = replacement
  return copy
}

/** Never a 5xx; a 4xx carries the one error shape. */
export function assertSafe(res: { statusCode: number; body: string }, what: string): void {
  assert.ok(res.statusCode < 500, `${what}: got ${res.statusCode} ${res.body.slice(0, 300)}`)
  if (res.statusCode >= 400) {
    let body: { status?: { status?: string; message?: string }; error?: { code?: string; request_id?: string } }
    try {
      body = JSON.parse(res.body)
    } catch {
      assert.fail(`${what}: ${res.statusCode} without a JSON body: ${res.body.slice(0, 200)}`)
    }
    assert.equal(body.status?.status, 'FAILED', what)
    assert.equal(typeof body.status?.message, 'string', what)
    assert.match(body.error?.code ?? '', /^[A-Z0-9_]+$/, what)
    assert.ok(body.error?.request_id, what)
  }
}

/** Counts of requests tried, by route family and kind, printed at the end of a suite. */
export class Tally {
  private readonly rows = new Map<string, Map<string, number>>()
  private readonly statuses = new Map<string, number>()
  /** Counts one request; its status by class (2xx, 4xx…). */
  answered(family: string, kind: string, status: number): void {
    this.add(family, kind)
    const cls = `${Math.floor(status / 100)}xx`
    this.statuses.set(cls, (this.statuses.get(cls) ?? 0) + 1)
  }
  add(family: string, kind: string, n = 1): void {
    const row = this.rows.get(family) ?? new Map<string, number>()
    row.set(kind, (row.get(kind) ?? 0) + n)
    this.rows.set(family, row)
  }
  total(): number {
    return [...this.rows.values()].reduce((a, r) => a + [...r.values()].reduce((x, y) => x + y, 0), 0)
  }
  print(title: string): void {
    const classes = [...this.statuses].sort().map(([k, n]) => `${k} ${n}`)
    console.log(`${title}: ${this.total()} requests${classes.length ? ` (${classes.join(', ')})` : ''}`)
    for (const [family, row] of [...this.rows].sort()) {
      const cells = [...row].map(([k, n]) => `${k} ${n}`).join(', ')
      console.log(`  ${family}: ${cells}`)
    }
  }
}
