// VEX statements of a CSAF 2.0 VEX document (`document.category: csaf_vex`; docs/sbom.md "VEX"). Its products are
// named by `product_id` in the product tree: a branch's or a full product name's `product_identification_helper.purl`,
// and a relationship's product (a component inside a product) is its `product_reference`'s purl. Each vulnerability
// (`cve` and `ids[].text`) states a product status per product id; its flags (the justification), its `impact`
// threats (the detail) and its remediations (the response, and the detail where no impact is given) apply to the
// product ids they list, directly or through `product_groups`.
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
import { componentOf, JUSTIFICATION_OF, RESPONSE_OF, STATE_OF, type VexStatement, vulnKey } from './statement.ts'

type Json = Record<string, unknown>

/** The product status groups read (`recommended` states no exploitability). */
const PRODUCT_STATUS = [
  'known_not_affected',
  'known_affected',
  'first_affected',
  'last_affected',
  'fixed',
  'first_fixed',
  'under_investigation',
]

export const isCsaf = (doc: Json) => isObject(doc.document) && typeof doc.document.csaf_version === 'string'

export function csafStatements(doc: Json, source: string, rank: number): VexStatement[] {
  const meta = doc.document as Json
  if (meta.category !== 'csaf_vex')
    throw new VexInputError(
      `${source}: a CSAF document of category "${String(meta.category).slice(0, 100)}", not csaf_vex`,
    )
  if (meta.csaf_version !== '2.0') throw new VexInputError(`${source}: CSAF version 2.0 is read`)
  const purls = productPurls(doc.product_tree, `${source}: product_tree`)
  const groups = productGroups(doc.product_tree, `${source}: product_tree.product_groups`)
  const vulnerabilities = boundedList(doc.vulnerabilities, `${source}: vulnerabilities`, VEX_LIMITS.statements)
  const out: VexStatement[] = []
  for (const [i, item] of vulnerabilities.entries()) {
    const at = `${source}: vulnerabilities[${i}]`
    const v = objectAt(item, at)
    const texts = listField(v, 'ids', at).map((x, j) => stringField(x, 'text', `${at}.ids[${j}]`))
    const ids = [stringField(v, 'cve', at), ...texts].filter((x): x is string => !!x).map(vulnKey)
    if (ids.length === 0) throw new VexInputError(`${at} names no cve nor ids`)
    const applies = (entry: Json, where: string) => {
      const direct = listField(entry, 'product_ids', where)
      const grouped = listField(entry, 'group_ids', where).flatMap((g) => groups.get(String(g)) ?? [])
      return new Set([...direct, ...grouped].map(String))
    }
    const flags = notes(v, 'flags', at, 'label', applies)
    const impacts = notes(v, 'threats', at, 'details', applies, (t) => t.category === 'impact')
    const remedies = notes(v, 'remediations', at, 'category', applies)
    const remedyDetails = notes(v, 'remediations', at, 'details', applies)
    const status = isObject(v.product_status) ? v.product_status : {}
    for (const group of PRODUCT_STATUS) {
      const state = STATE_OF[group] as VexStatement['analysis']['state']
      for (const [j, id] of listField(status, group, `${at}.product_status`).entries()) {
        const pid = boundedString(id, `${at}.product_status.${group}[${j}]`) ?? ''
        const component = componentOf(purls.get(pid), `${at}.product_status.${group}[${j}]`)
        if (!component) continue
        const label = flags(pid)[0]
        const response = [...new Set(remedies(pid).flatMap((r) => (RESPONSE_OF[r] ? [RESPONSE_OF[r]] : [])))]
        const detail = (group === 'known_not_affected' ? impacts(pid)[0] : undefined) ?? remedyDetails(pid)[0]
        const analysis = {
          state,
          ...(label && JUSTIFICATION_OF[label] ? { justification: JUSTIFICATION_OF[label] } : {}),
          ...(response.length > 0 ? { response } : {}),
          ...(detail ? { detail } : {}),
        }
        out.push({ ids, component, analysis, source, rank, order: out.length })
      }
    }
  }
  return out
}

/** A field of a vulnerability's list (flags' labels, threats' details…) by the product ids each entry applies to. */
function notes(
  vulnerability: Json,
  list: string,
  at: string,
  field: string,
  applies: (entry: Json, where: string) => Set<string>,
  keep: (entry: Json) => boolean = () => true,
): (productId: string) => string[] {
  const entries = listField(vulnerability, list, at).flatMap((item, i) => {
    const where = `${at}.${list}[${i}]`
    const e = objectAt(item, where)
    const value = stringField(e, field, where, VEX_LIMITS.detailChars)
    return value && keep(e) ? [{ value, products: applies(e, where) }] : []
  })
  return (productId) => entries.filter((e) => e.products.has(productId)).map((e) => e.value)
}

/** product_id → purl of every product the tree names: branches (walked, bounded), full product names, relationships. */
function productPurls(tree: unknown, at: string): Map<string, string> {
  const out = new Map<string, string>()
  if (!isObject(tree)) return out
  const named = (p: unknown, where: string) => {
    if (!isObject(p)) return
    const id = stringField(p, 'product_id', where)
    const purl = stringField(p.product_identification_helper, 'purl', `${where}.product_identification_helper`)
    if (id && purl) out.set(id, purl)
  }
  let seen = 0
  const stack = listField(tree, 'branches', at).map((b) => ({ b, depth: 1 }))
  while (stack.length > 0) {
    const { b, depth } = stack.pop() as { b: unknown; depth: number }
    if (++seen > VEX_LIMITS.listItems) throw new VexInputError(`${at}: more than ${VEX_LIMITS.listItems} branches`)
    if (depth > VEX_LIMITS.depth) throw new VexInputError(`${at}: branches nested deeper than ${VEX_LIMITS.depth}`)
    if (!isObject(b)) throw new VexInputError(`${at}: every branch must be an object`)
    named(b.product, `${at}.branches…product`)
    for (const c of boundedList(b.branches, `${at}.branches…branches`)) stack.push({ b: c, depth: depth + 1 })
  }
  for (const [i, p] of listField(tree, 'full_product_names', at).entries()) named(p, `${at}.full_product_names[${i}]`)
  for (const [i, r] of listField(tree, 'relationships', at).entries()) {
    if (!isObject(r) || !isObject(r.full_product_name)) continue
    const id = stringField(r.full_product_name, 'product_id', `${at}.relationships[${i}].full_product_name`)
    const component = out.get(stringField(r, 'product_reference', `${at}.relationships[${i}]`) ?? '')
    if (id && component && !out.has(id)) out.set(id, component)
  }
  return out
}

function productGroups(tree: unknown, at: string): Map<string, unknown[]> {
  const list = isObject(tree) ? boundedList(tree.product_groups, at) : []
  return new Map(list.flatMap((g) => (isObject(g) ? [[String(g.group_id), boundedList(g.product_ids, at)]] : [])))
}
