// Attribution notices of component versions (docs/attribution-notices.md): the notice texts the version each
// reference resolves to ships. Per batch: one catalog resolution and one read of the notices. Outcomes: the
// resolver's (INVALID_PURL, COMPONENT_NOT_FOUND, VERSION_NOT_FOUND, INVALID_SEMVER) and NO_INFO for a version the
// notices analyzer never ran on; a version analyzed without notice files is SUCCESS with an empty list.
import { type ComponentRef, resolveBatch } from '../catalog/resolve-batch.ts'
import type { CatalogReader } from '../catalog/types.ts'
import { type Outcome, SUCCESS } from '../shared/outcome.ts'
import type { Notice, NoticeReader } from './types.ts'

export interface ComponentNotices {
  purl: string
  requirement: string
  version: string
  notices: Notice[]
  outcome: Outcome
}

export async function componentNotices(
  refs: readonly ComponentRef[],
  ports: { catalog: CatalogReader; notices: NoticeReader },
): Promise<ComponentNotices[]> {
  const resolved = await resolveBatch(refs, ports.catalog)
  const notices = await ports.notices.ofVersions(resolved.flatMap((r) => (r.chosen ? [r.chosen.id] : [])))
  return resolved.map((r) => {
    const base = { ...r.sent, version: r.version, notices: [] as Notice[] } // purl and requirement as sent
    if (!r.chosen) return { ...base, outcome: r.outcome }
    const found = notices.get(r.chosen.id)
    if (!found) {
      const message = `No attribution notices for ${r.purl}@${r.version}: the version was not analyzed`
      return { ...base, outcome: { code: 'NO_INFO', message } }
    }
    return { ...base, notices: found, outcome: SUCCESS }
  })
}
