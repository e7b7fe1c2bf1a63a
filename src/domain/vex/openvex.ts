// VEX statements of an OpenVEX document (spec v0.2.0, and the earlier drafts' string `vulnerability`; docs/sbom.md
// "VEX"): each statement's vulnerability (`name`, `@id`, `aliases`) for each product it names by purl (`@id` or
// `identifiers.purl`), or for the product's `subcomponents` when it lists some (the statement is then about them
// inside the product). The status and justification are mapped to CycloneDX's (statement.ts); the impact statement
// (not_affected), else the action statement, else the status notes, is the detail.
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
import { componentOf, JUSTIFICATION_OF, STATE_OF, type VexStatement, vulnKey } from './statement.ts'

const STATUSES = ['not_affected', 'affected', 'fixed', 'under_investigation']

export const isOpenVex = (doc: Record<string, unknown>) =>
  typeof doc['@context'] === 'string' && doc['@context'].startsWith('https://openvex.dev/ns')

export function openVexStatements(doc: Record<string, unknown>, source: string, rank: number): VexStatement[] {
  const statements = boundedList(doc.statements, `${source}: statements`, VEX_LIMITS.statements)
  if (statements.length === 0) throw new VexInputError(`${source}: an OpenVEX document needs statements`)
  const out: VexStatement[] = []
  for (const [i, item] of statements.entries()) {
    const at = `${source}: statements[${i}]`
    const s = objectAt(item, at)
    const ids = vulnerabilityIds(s.vulnerability, `${at}.vulnerability`)
    const status = stringField(s, 'status', at) ?? ''
    if (!STATUSES.includes(status))
      throw new VexInputError(`${at}.status "${status.slice(0, 100)}" is not one of ${STATUSES.join(', ')}`)
    const label = stringField(s, 'justification', at)
    if (label !== undefined && !(label in JUSTIFICATION_OF))
      throw new VexInputError(`${at}.justification "${label.slice(0, 100)}" is not an OpenVEX justification`)
    const impact = stringField(s, 'impact_statement', at, VEX_LIMITS.detailChars)
    if (status === 'not_affected' && !label && !impact)
      throw new VexInputError(`${at}: a not_affected statement needs a justification or an impact_statement`)
    const action = stringField(s, 'action_statement', at, VEX_LIMITS.detailChars)
    const notes = stringField(s, 'status_notes', at, VEX_LIMITS.detailChars)
    const detail = (status === 'not_affected' ? impact : undefined) ?? action ?? notes ?? impact
    const analysis = {
      state: STATE_OF[status] as VexStatement['analysis']['state'],
      ...(label ? { justification: JUSTIFICATION_OF[label] as string } : {}),
      ...(detail ? { detail } : {}),
    }
    for (const component of productComponents(listField(s, 'products', at), `${at}.products`))
      out.push({ ids, component, analysis, source, rank, order: out.length })
  }
  return out
}

function vulnerabilityIds(v: unknown, at: string): string[] {
  if (typeof v === 'string') return [vulnKey(boundedString(v, at) as string)]
  if (!isObject(v)) throw new VexInputError(`${at} must name the vulnerability`)
  const names = [stringField(v, 'name', at), stringField(v, '@id', at)]
  const aliases = listField(v, 'aliases', at).map((a, i) => boundedString(a, `${at}.aliases[${i}]`))
  const ids = [...names, ...aliases].filter((x): x is string => !!x).map(vulnKey)
  if (ids.length === 0) throw new VexInputError(`${at} has no name`)
  return [...new Set(ids)]
}

function productComponents(products: unknown[], at: string): VexStatement['component'][] {
  if (products.length === 0) throw new VexInputError(`${at}: a statement must name its products`)
  return products.flatMap((item, i) => {
    const p = objectAt(item, `${at}[${i}]`)
    const subcomponents = listField(p, 'subcomponents', `${at}[${i}]`)
    const named = subcomponents.length > 0 ? subcomponents : [p]
    return named.flatMap((n, j) => {
      const where = subcomponents.length > 0 ? `${at}[${i}].subcomponents[${j}]` : `${at}[${i}]`
      const o = objectAt(n, where)
      const id = stringField(o, '@id', where)
      const purl = stringField(o.identifiers, 'purl', `${where}.identifiers`)
      const component = componentOf(purl ?? id, where)
      return component ? [component] : []
    })
  })
}
