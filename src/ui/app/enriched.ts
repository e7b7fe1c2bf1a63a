// One component version's enriched CycloneDX document (POST /v2/sbom/enrich with its purl), asked once per page and
// shared by the sections that read it: its licenses say which are declared and which were found in files, its
// cryptographic assets carry quantum security levels.
import { postText } from './api.ts'

interface EnrichedComponent {
  type?: string
  properties?: { name: string; value: string }[]
  licenses?: { expression?: string; license?: { id?: string; name?: string }; acknowledgement?: string }[]
  evidence?: { licenses?: { license?: { id?: string; name?: string } }[] }
  cryptoProperties?: { algorithmProperties?: { nistQuantumSecurityLevel?: number } }
}

export interface EnrichedBom {
  components?: EnrichedComponent[]
}

const asked = new Map<string, Promise<EnrichedBom>>()

export function enrichedBom(purl: string, version: string): Promise<EnrichedBom> {
  const key = `${purl}@${version}`
  let bom = asked.get(key)
  if (!bom) {
    if (asked.size >= 20) asked.clear()
    bom = postText<EnrichedBom>('/v2/sbom/enrich', key)
    bom.catch(() => asked.delete(key))
    asked.set(key, bom)
  }
  return bom
}

/** The component's declared license and the licenses found in its files, as the enriched document tells them. */
export function licenseOrigin(bom: EnrichedBom): { declared: string; detected: string[] } {
  const c = (bom.components ?? []).find((x) => x.type !== 'cryptographic-asset')
  const declared = (c?.licenses ?? [])
    .map((l) => l.expression ?? l.license?.id ?? l.license?.name ?? '')
    .filter(Boolean)
    .join(' AND ')
  const detected = (c?.evidence?.licenses ?? []).map((l) => l.license?.id ?? l.license?.name ?? '').filter(Boolean)
  return { declared, detected }
}
