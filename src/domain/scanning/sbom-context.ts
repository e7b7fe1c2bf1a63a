// The SBOM context of a scan post (docs/scanning.md "SBOM context"): the form's `type` (identify or blacklist) and
// `assets`, a JSON document naming purls. The clients send `{"components":[{"purl":…}]}`; like the engine, any JSON
// whose `components`/`packages` lists hold objects with a `purl` is read (CycloneDX and SPDX-like documents too).
import { canonicalPurl, tryParsePurl } from '../shared/purl.ts'
import type { SbomContext } from './component-choice.ts'

/** Purls read from one assets document, at most (the engine's bound). */
const MAX_ASSETS = 2000

export class SbomContextError extends Error {}

export function parseSbomContext(type: string | undefined, assets: string | undefined): SbomContext | undefined {
  if ((type ?? '') === '' && (assets ?? '') === '') return undefined
  if (type !== 'identify' && type !== 'blacklist')
    throw new SbomContextError(`type must be identify or blacklist when assets are sent (got "${type ?? ''}")`)
  let doc: unknown
  try {
    doc = JSON.parse(assets ?? '')
  } catch {
    throw new SbomContextError('assets is not valid JSON')
  }
  const purls = new Map<string, Set<string>>()
  for (const raw of purlsIn(doc)) {
    const p = tryParsePurl(raw)
    if (!p) throw new SbomContextError(`assets: not a purl: ${raw.slice(0, 200)}`)
    const base = canonicalPurl(p)
    const versions = purls.get(base) ?? new Set<string>()
    versions.add(p.version ?? '')
    purls.set(base, versions)
  }
  return { kind: type, purls }
}

/** The `purl` strings of the objects listed under `components` or `packages`, walked iteratively. */
function purlsIn(doc: unknown): string[] {
  const out: string[] = []
  const stack: unknown[] = [doc]
  while (stack.length > 0) {
    const node = stack.pop()
    if (Array.isArray(node)) {
      stack.push(...node)
      continue
    }
    if (node === null || typeof node !== 'object') continue
    const o = node as Record<string, unknown>
    if (typeof o.purl === 'string') out.push(o.purl)
    if (out.length > MAX_ASSETS) throw new SbomContextError(`assets names more than ${MAX_ASSETS} purls`)
    for (const key of ['components', 'packages'])
      if (Array.isArray(o[key])) stack.push(...(o[key] as unknown[]).reverse())
  }
  return out
}
