// The blocks a scan answer adds to each match when the flags allow (docs/scanning.md "Answer"), in the engine's
// shapes, from what the other areas already read: the matched version's declared dependencies, its known
// vulnerabilities, and the algorithms the crypto analysis found in the matched file's content. One batch per post.

import type { CatalogReader } from '../catalog/types.ts'
import { strengthOf } from '../cryptography/strength.ts'
import type { FileAlgorithmReader } from '../cryptography/types.ts'
import { type DependencyReader, FOLLOWED_SCOPES } from '../dependencies/types.ts'
import { componentNames } from '../shared/component-name.ts'
import { purlType } from '../shared/repackaging.ts'
import { componentVulnerabilities } from '../vulnerabilities/component-vulnerabilities.ts'
import { kevFields } from '../vulnerabilities/kev.ts'
import type { AdvisoryReader } from '../vulnerabilities/types.ts'
import type { FileMatch } from './scan.ts'

const FLAG_NO_DEPENDENCIES = 4
const FLAG_NO_VULNERABILITIES = 32
const FLAG_NO_CRYPTOGRAPHY = 128

export interface BlockPorts {
  catalog: CatalogReader
  advisories: AdvisoryReader
  fileAlgorithms: FileAlgorithmReader
  dependencies: DependencyReader
}

export interface ScanBlocks {
  dependencies?: { vendor: string; component: string; version: string; source: 'component_declared' }[]
  vulnerabilities?: {
    ID: string
    CVE: string
    severity: string
    reported: string
    introduced: string
    patched: string
    summary: string
    source: string
    /** compintel's addition: CISA's KEV entry, when the catalogue lists the vulnerability. */
    kev?: ReturnType<typeof kevFields>
  }[]
  cryptography?: { algorithm: string; strength: string }[]
}

/** The blocks of each match, by the match (the same version's blocks are read once). */
export async function scanBlocks(
  matches: readonly FileMatch[],
  ports: BlockPorts,
  flags: number,
): Promise<Map<FileMatch, ScanBlocks>> {
  const versions = [...new Map(matches.map((m) => [m.place.versionId, m.place])).values()]
  const refs = versions.map((v) => ({ purl: `${v.purl}@${v.version}` }))
  const none = Promise.resolve(undefined)
  const [deps, vulns, crypto] = await Promise.all([
    flags & FLAG_NO_DEPENDENCIES
      ? none
      : ports.dependencies.ofVersions(
          versions.map((v) => v.versionId),
          FOLLOWED_SCOPES,
        ),
    flags & FLAG_NO_VULNERABILITIES || refs.length === 0 ? none : componentVulnerabilities(refs, ports),
    // the matched content's own MD5 (a snippet's content, the fh2 MD5 of a file matched with other line endings)
    flags & FLAG_NO_CRYPTOGRAPHY ? none : ports.fileAlgorithms.ofContents(matches.map((m) => m.place.md5)),
  ])
  const at = new Map(versions.map((v, i) => [v.versionId, i]))
  const out = new Map<FileMatch, ScanBlocks>()
  for (const m of matches) {
    const i = at.get(m.place.versionId) as number
    const blocks: ScanBlocks = {}
    if (deps) {
      const type = purlType(m.place.purl)
      blocks.dependencies = (deps.get(m.place.versionId) ?? []).map((d) => dependency(type, d))
    }
    if (vulns) blocks.vulnerabilities = (vulns[i]?.vulnerabilities ?? []).map(vulnerability)
    if (crypto)
      blocks.cryptography = (crypto.get(m.place.md5) ?? []).map((a) => ({ algorithm: a, strength: strengthOf(a) }))
    out.set(m, blocks)
  }
  return out
}

/** A declared dependency, named as its ecosystem's components are (Debian's in `debian`, npm's `@scope/name`). */
function dependency(type: string, d: { name: string; requirement: string }) {
  const slash = d.name.startsWith('@') ? d.name.indexOf('/') : -1
  const parts =
    type === 'deb'
      ? { type, namespace: 'debian', name: d.name }
      : slash > 0
        ? { type, namespace: d.name.slice(0, slash), name: d.name.slice(slash + 1) }
        : { type, name: d.name }
  const { vendor, component } = componentNames(parts)
  return { vendor, component, version: d.requirement, source: 'component_declared' as const }
}

type Vuln = Awaited<ReturnType<typeof componentVulnerabilities>>[number]['vulnerabilities'][number]

function vulnerability(v: Vuln) {
  const ghsa = [...v.advisoryIds, ...v.aliases].find((id) => id.startsWith('GHSA-'))
  return {
    ID: ghsa ?? v.id,
    CVE: v.cve,
    severity: v.severity,
    reported: v.published.slice(0, 10),
    introduced: '',
    patched: v.fixedVersions[0] ?? '',
    summary: v.summary,
    // scanoss-py's CycloneDX writer reads "nvd" as NVD and anything else as GitHub Advisories
    source: ghsa ? 'github_advisories' : 'osv',
    ...(v.kev ? { kev: kevFields(v.kev) } : {}),
  }
}
