// Transitive dependencies (docs/dependencies.md "Transitive dependencies"): the request checked (its bounds, one
// ecosystem with dependency data), its inputs resolved in one batch, then walked breadth-first over the KB's declared
// dependencies (transitive-walk.ts), or by minimal version selection for Go (go-walk.ts); the answer's status message
// names what was skipped (transitive-summary.ts).
import { type ComponentRef, resolveBatch } from '../catalog/resolve-batch.ts'
import { tryParsePurl } from '../shared/purl.ts'
import { goBuildList } from './go-walk.ts'
import { summary } from './transitive-summary.ts'
import { type TransitiveDependency, type TransitivePorts, walkDeclared } from './transitive-walk.ts'
import { DEFAULT_DEPTH, DEFAULT_LIMIT, MAX_DEPTH, MAX_LIMIT } from './types.ts'
import { WALK_ECOSYSTEMS, type WalkEcosystem } from './walk-ecosystems.ts'

export interface TransitiveRequest {
  components: readonly ComponentRef[]
  depth?: number | undefined
  limit?: number | undefined
}

export type TransitiveResult =
  | { ok: false; message: string }
  | {
      ok: true
      dependencies: TransitiveDependency[]
      message: string
      /** What the KB lacks (not on the wire): inputs it does not know, and registry packages listed without version. */
      missing: ComponentRef[]
    }

/** 0 or absent → the default, above the maximum → the maximum; negative → undefined (a request error). */
export function effectiveBound(value: number | undefined, def: number, max: number): number | undefined {
  if (value === undefined || value === 0) return def
  if (!Number.isInteger(value) || value < 0) return undefined
  return Math.min(value, max)
}

export async function transitiveDependencies(
  req: TransitiveRequest,
  ports: TransitivePorts,
): Promise<TransitiveResult> {
  const depth = effectiveBound(req.depth, DEFAULT_DEPTH, MAX_DEPTH)
  const limit = effectiveBound(req.limit, DEFAULT_LIMIT, MAX_LIMIT)
  if (depth === undefined) return { ok: false, message: "'depth' must be a non-negative integer" }
  if (limit === undefined) return { ok: false, message: "'limit' must be a non-negative integer" }
  if (req.components.length === 0)
    return { ok: false, message: "'components' field is required and must contain at least one component" }
  const checked = checkEcosystem(req.components)
  if (!checked.ok) return checked
  const eco = WALK_ECOSYSTEMS[checked.type] as WalkEcosystem

  const skipped: string[] = checked.invalid.map((p) => `${p} (Invalid Purl)`)
  const valid = req.components.filter((c) => tryParsePurl(c.purl) !== undefined)
  // what each input asks of its version (extras, features), its requirement read without them
  const inputs = valid.map((c) => {
    const p = tryParsePurl(c.purl)
    const read = eco.input?.(p?.name ?? '', c.requirement)
    return read ? { ref: { purl: c.purl, requirement: read.requirement }, asks: read.asks } : { ref: c, asks: [] }
  })
  const roots = await resolveBatch(
    inputs.map((i) => i.ref),
    ports.catalog,
  )
  const missing: ComponentRef[] = []
  roots.forEach((r, i) => {
    if (r.chosen) return
    skipped.push(`${valid[i]?.purl} (${r.outcome.message})`)
    if (r.outcome.code === 'COMPONENT_NOT_FOUND' || r.outcome.code === 'VERSION_NOT_FOUND')
      missing.push(valid[i] as ComponentRef)
  })
  const bounds = { depth, limit }
  const walked =
    eco.selection === 'mvs'
      ? await goBuildList(roots, ports, bounds)
      : await walkDeclared(
          roots.map((root, i) => ({ root, purl: valid[i]?.purl ?? '', asks: inputs[i]?.asks ?? [] })),
          eco,
          checked.type,
          ports,
          bounds,
        )
  return {
    ok: true,
    dependencies: walked.dependencies,
    message: summary(skipped, walked.truncated, limit),
    missing: [...missing, ...walked.missing],
  }
}

type EcosystemCheck = { ok: true; type: string; invalid: string[] } | { ok: false; message: string }

/** One purl type per request, and one with dependency data; malformed purls are skipped unless all are. */
export function checkEcosystem(components: readonly ComponentRef[]): EcosystemCheck {
  const types = new Set<string>()
  const invalid: string[] = []
  for (const c of components) {
    const p = tryParsePurl(c.purl)
    if (p) types.add(p.type)
    else invalid.push(c.purl)
  }
  if (types.size === 0) return { ok: false, message: `invalid purls: [${invalid.join(', ')}]` }
  if (types.size > 1)
    return { ok: false, message: `multiple ecosystems found, expected single ecosystem: [${[...types].join(', ')}]` }
  const [type] = [...types] as [string]
  const supported = Object.keys(WALK_ECOSYSTEMS)
  if (!supported.includes(type))
    return {
      ok: false,
      message: `unsupported ecosystem: '${type}'. Supported ecosystems: ${supported.map((t) => `'${t}'`).join(', ')}`,
    }
  return { ok: true, type, invalid }
}
