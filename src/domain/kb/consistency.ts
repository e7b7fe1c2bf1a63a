// `compintel check` (docs/knowledge-base.md "Checking a KB"): the rows of a KB no rule allows. Components whose purl
// does not parse or is not in canonical form, whose purl_type, namespace, name or purl_name disagree with their purl,
// whose name or latest version the ecosystem's rules reject (ecosystem-rules.ts), versions the rules reject, and
// rows pointing at a row that is not there (orphans). The reader gives the rows a chunk at a time.
import { canonicalPurl, purlName, tryParsePurl } from '../shared/purl.ts'
import { ecosystemName, nameProblem, versionProblem } from './ecosystem-rules.ts'

export const CONSISTENCY_RULES = [
  'purl-unparsable',
  'purl-not-canonical',
  'identity-mismatch',
  'name-rejected',
  'version-rejected',
  'orphan',
] as const
type ConsistencyRule = (typeof CONSISTENCY_RULES)[number]

export interface ComponentRow {
  id: number
  purl: string
  purlType: string
  namespace: string
  name: string
  purlName: string
  latestVersion: string | null
}

/** A version with its component's purl type. */
export interface VersionRow {
  id: number
  componentId: number
  purlType: string
  version: string
}

/** The rows of `table` whose `column` names no row of `target`: how many, and the first few values. */
export interface OrphanCount {
  table: string
  column: string
  target: string
  count: number
  examples: string[]
}

/** The port `compintel check` reads through (storage/consistency-reader.ts). */
export interface ConsistencyReader {
  /** Components by id, from the first (`afterId` null) or after `afterId`, at most `limit`. */
  components(afterId: number | null, limit: number): Promise<ComponentRow[]>
  /** Versions (of an existing component) by id, from the first (`afterId` null) or after `afterId`, at most `limit`. */
  versions(afterId: number | null, limit: number): Promise<VersionRow[]>
  /** Every reference between the KB's tables, with the rows pointing at nothing (at most `examples` values each). */
  orphans(examples: number): Promise<OrphanCount[]>
}

/** One offending row: its table, what identifies it, and why. */
export interface Finding {
  rule: ConsistencyRule
  table: string
  row: string
  detail: string
}

export interface ConsistencyReport {
  components: number
  versions: number
  counts: Record<ConsistencyRule, number>
  /** The first findings (at most `examples`). */
  findings: Finding[]
}

/** Why a component row breaks the rules (none: it is consistent). */
export function componentFindings(c: ComponentRow): Finding[] {
  const out: Finding[] = []
  const add = (rule: ConsistencyRule, detail: string) => out.push({ rule, table: 'components', row: c.purl, detail })
  const parsed = tryParsePurl(c.purl)
  if (!parsed) add('purl-unparsable', `id ${c.id}: the purl does not parse`)
  else {
    const canonical = canonicalPurl(parsed)
    if (spelling(canonical) !== spelling(c.purl) || parsed.version !== undefined)
      add('purl-not-canonical', `canonical: ${canonical}`)
    const columns: [string, string, string][] = [
      ['purl_type', c.purlType, parsed.type],
      ['namespace', c.namespace, parsed.namespace ?? ''],
      ['name', c.name, parsed.name],
      ['purl_name', c.purlName, purlName(parsed)],
    ]
    for (const [column, has, purl] of columns)
      if (has !== purl) add('identity-mismatch', `${column} ${JSON.stringify(has)}, the purl's ${JSON.stringify(purl)}`)
  }
  const badName = nameProblem(c.purlType, ecosystemName(c.purlType, c.namespace, c.name))
  if (badName) add('name-rejected', badName)
  const badLatest = c.latestVersion === null ? undefined : versionProblem(c.purlType, c.latestVersion)
  if (badLatest) add('version-rejected', `latest_version ${JSON.stringify(c.latestVersion)}: ${badLatest}`)
  return out
}

/**
 * A purl with the percent-encoded characters that separate nothing in a purl decoded (unreserved characters and the
 * sub-delimiters but `&` and `=`): `pkg:deb/debian/libstdc++6`, as Debian ingestion and most tools write it, is the
 * canonical `pkg:deb/debian/libstdc%2B%2B6` spelled otherwise, not another purl.
 */
function spelling(purl: string): string {
  return purl.replace(/%([0-9A-Fa-f]{2})/g, (encoded, hex: string) => {
    const c = String.fromCharCode(Number.parseInt(hex, 16))
    return /^[A-Za-z0-9._~!$'()*+,;:-]$/.test(c) ? c : encoded.toUpperCase()
  })
}

export function versionFindings(v: VersionRow): Finding[] {
  const problem = versionProblem(v.purlType, v.version)
  if (!problem) return []
  return [
    {
      rule: 'version-rejected',
      table: 'versions',
      row: `${v.id} (component ${v.componentId})`,
      detail: `${JSON.stringify(v.version)}: ${problem}`,
    },
  ]
}

function orphanFindings(o: OrphanCount): Finding[] {
  const detail = `${o.column} names no ${o.target} row`
  return o.examples.map((value) => ({ rule: 'orphan' as const, table: o.table, row: `${o.column} = ${value}`, detail }))
}

/** Reads the whole KB, `chunk` rows a query, and reports every rule's count and the first `examples` findings. */
export async function checkKb(
  reader: ConsistencyReader,
  opts: { chunk?: number; examples?: number } = {},
): Promise<ConsistencyReport> {
  const chunk = opts.chunk ?? 5000
  const examples = opts.examples ?? 20
  const report: ConsistencyReport = {
    components: 0,
    versions: 0,
    counts: Object.fromEntries(CONSISTENCY_RULES.map((r) => [r, 0])) as Record<ConsistencyRule, number>,
    findings: [],
  }
  const record = (rule: ConsistencyRule, found: Finding[], count = found.length) => {
    report.counts[rule] += count
    report.findings.push(...found.slice(0, Math.max(0, examples - report.findings.length)))
  }
  const each = (f: Finding) => record(f.rule, [f])
  report.components = await inChunks((after) => reader.components(after, chunk), chunk, componentFindings, each)
  report.versions = await inChunks((after) => reader.versions(after, chunk), chunk, versionFindings, each)
  for (const o of await reader.orphans(examples)) if (o.count > 0) record('orphan', orphanFindings(o), o.count)
  return report
}

/** Every row of a table read by id, `chunk` rows a query, each one's findings handed on; the rows counted. */
async function inChunks<T extends { id: number }>(
  read: (afterId: number | null) => Promise<T[]>,
  chunk: number,
  findings: (row: T) => Finding[],
  each: (f: Finding) => void,
): Promise<number> {
  let after: number | null = null
  let count = 0
  for (;;) {
    const rows = await read(after)
    for (const row of rows) for (const f of findings(row)) each(f)
    count += rows.length
    if (rows.length < chunk) return count
    after = (rows.at(-1) as T).id
  }
}

/** Whether the report found anything. */
export function anyFinding(r: ConsistencyReport): boolean {
  return Object.values(r.counts).some((n) => n > 0)
}
