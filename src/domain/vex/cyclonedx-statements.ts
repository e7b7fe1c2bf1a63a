// VEX statements of a CycloneDX BOM (docs/sbom.md "VEX"): each `vulnerabilities[]` entry with an `analysis` states it
// for every component its `affects[].ref` names (a bom-ref of the BOM's components, of the SBOM's when the VEX BOM is
// a separate document, a BOM-Link `urn:cdx:…#ref`, or a purl), under its `id` and the ids of its `references[]`.
import {
  boundedList,
  boundedString,
  isObject,
  listField,
  objectAt,
  stringField,
  VEX_LIMITS,
  VexInputError,
} from './guards.ts'
import {
  componentOf,
  VEX_JUSTIFICATIONS,
  VEX_RESPONSES,
  VEX_STATES,
  type VexAnalysis,
  type VexState,
  type VexStatement,
  vulnKey,
} from './statement.ts'

/** bom-ref → purl of a BOM's components, nested ones included. */
export function purlsByRef(bom: unknown): Map<string, string> {
  const out = new Map<string, string>()
  const stack: unknown[] = isObject(bom) && Array.isArray(bom.components) ? [...bom.components] : []
  while (stack.length > 0) {
    const c = stack.pop()
    if (!isObject(c)) continue
    if (typeof c['bom-ref'] === 'string' && typeof c.purl === 'string') out.set(c['bom-ref'], c.purl)
    if (Array.isArray(c.components)) stack.push(...c.components)
  }
  return out
}

/**
 * The statements of a CycloneDX BOM: `rank` orders its documents (the SBOM's own is 0), `refs` are the bom-refs of
 * the SBOM it speaks of (a separate VEX BOM's own components are read too).
 */
export function cycloneDxStatements(
  bom: Record<string, unknown>,
  source: string,
  rank: number,
  refs: ReadonlyMap<string, string> = new Map(),
): VexStatement[] {
  const own = purlsByRef(bom)
  const where = source === 'sbom' ? 'The BOM' : source
  const vulnerabilities = boundedList(bom.vulnerabilities, `${where}: vulnerabilities`, VEX_LIMITS.statements)
  const out: VexStatement[] = []
  for (const [i, item] of vulnerabilities.entries()) {
    const at = `${where}: vulnerabilities[${i}]`
    const v = objectAt(item, at)
    if (!isObject(v.analysis)) continue
    const analysis = analysisOf(v.analysis, `${at}.analysis`)
    if (!analysis) continue
    const id = stringField(v, 'id', at)
    const aliases = listField(v, 'references', at).map((r, j) => stringField(r, 'id', `${at}.references[${j}]`))
    const ids = [id, ...aliases].filter((x): x is string => !!x).map(vulnKey)
    if (ids.length === 0) continue
    for (const [j, a] of listField(v, 'affects', at).entries()) {
      const ref = stringField(a, 'ref', `${at}.affects[${j}]`)
      if (ref === undefined) continue
      const local = ref.startsWith('urn:cdx:') ? ref.slice(ref.indexOf('#') + 1) : ref
      const purl = own.get(local) ?? refs.get(local) ?? (local.startsWith('pkg:') ? local : undefined)
      const component = componentOf(purl, `${at}.affects[${j}].ref`)
      if (component) out.push({ ids, component, analysis, source, rank, order: out.length })
    }
  }
  return out
}

function analysisOf(a: Record<string, unknown>, at: string): VexAnalysis | undefined {
  const state = stringField(a, 'state', at)
  // an analysis without a state (only a justification or a detail) says nothing a verdict can act on
  if (state === undefined) return undefined
  if (!(VEX_STATES as readonly string[]).includes(state))
    throw new VexInputError(`${at}.state "${state.slice(0, 100)}" is not one of ${VEX_STATES.join(', ')}`)
  const justification = stringField(a, 'justification', at)
  if (justification !== undefined && !(VEX_JUSTIFICATIONS as readonly string[]).includes(justification))
    throw new VexInputError(`${at}.justification "${justification.slice(0, 100)}" is not a CycloneDX justification`)
  const response = listField(a, 'response', at, VEX_RESPONSES.length).map((r, i) => {
    const word = boundedString(r, `${at}.response[${i}]`) ?? ''
    if (!(VEX_RESPONSES as readonly string[]).includes(word))
      throw new VexInputError(`${at}.response[${i}] "${word.slice(0, 100)}" is not a CycloneDX response`)
    return word
  })
  const detail = stringField(a, 'detail', at, VEX_LIMITS.detailChars)
  return {
    state: state as VexState,
    ...(justification ? { justification } : {}),
    ...(response.length > 0 ? { response } : {}),
    ...(detail ? { detail } : {}),
  }
}
