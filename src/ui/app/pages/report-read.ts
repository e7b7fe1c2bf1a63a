// What the project report reads from an enriched CycloneDX document: a row per component (licenses, vulnerabilities
// and the worst severity among them), and the counts by severity, license and algorithm.
import { severityRank } from '../parts.tsx'

export interface Bom {
  components?: BomComponent[]
  vulnerabilities?: { id: string; ratings?: { severity?: string }[]; affects?: { ref: string }[] }[]
}
interface BomComponent {
  'bom-ref'?: string
  type?: string
  name: string
  version?: string
  purl?: string
  licenses?: { license?: { id?: string; name?: string }; expression?: string }[]
  cryptoProperties?: { algorithmProperties?: unknown }
  components?: BomComponent[]
}

export interface Row {
  ref: string
  name: string
  version: string
  purl: string
  licenses: string
  vulnerabilities: number
  /** The worst severity's rank (critical 5 … none 0, unknown -1), for sorting. */
  worst: number
  worstLabel: string
}

export function readReport(bom: Bom): {
  rows: Row[]
  severities: [string, number][]
  licenses: [string, number][]
  algorithms: [string, number][]
} {
  const all = flatten(bom.components ?? [])
  const packages = all.filter((c) => c.type !== 'cryptographic-asset')
  const severityOf = new Map<string, string[]>()
  const severities = new Map<string, number>()
  for (const v of bom.vulnerabilities ?? []) {
    const s = worstOf((v.ratings ?? []).map((r) => (r.severity ?? 'unknown').toLowerCase()))
    severities.set(s, (severities.get(s) ?? 0) + 1)
    for (const a of v.affects ?? []) severityOf.set(a.ref, [...(severityOf.get(a.ref) ?? []), s])
  }
  const licenses = new Map<string, number>()
  const rows = packages.map((c, i) => {
    const ids = (c.licenses ?? []).map((l) => l.expression ?? l.license?.id ?? l.license?.name ?? '').filter(Boolean)
    for (const id of new Set(ids)) licenses.set(id, (licenses.get(id) ?? 0) + 1)
    const ref = c['bom-ref'] ?? `#${i}`
    const found = severityOf.get(ref) ?? []
    const worst = found.length > 0 ? worstOf(found) : ''
    return {
      ref,
      name: c.name,
      version: c.version ?? '',
      purl: c.purl ?? '',
      licenses: ids.join(', '),
      vulnerabilities: found.length,
      worst: worst ? severityRank(worst) : -2,
      worstLabel: worst,
    }
  })
  const algorithms = new Map<string, number>()
  for (const c of all) if (c.type === 'cryptographic-asset') algorithms.set(c.name, (algorithms.get(c.name) ?? 0) + 1)
  return {
    rows,
    severities: [...severities].sort((a, b) => severityRank(b[0]) - severityRank(a[0])),
    licenses: [...licenses].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    algorithms: [...algorithms].sort((a, b) => a[0].localeCompare(b[0])),
  }
}

function flatten(list: BomComponent[]): BomComponent[] {
  return list.flatMap((c) => [c, ...flatten(c.components ?? [])])
}

function worstOf(list: string[]): string {
  return list.reduce((w, s) => (severityRank(s) > severityRank(w) ? s : w), list[0] ?? 'unknown')
}
