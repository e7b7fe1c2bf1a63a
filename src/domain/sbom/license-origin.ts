// Where each component's licenses come from (docs/sbom.md "CycloneDX out"): the license answer's `statement` is the
// declared expression or else the licenses found in files, and does not say which; a BOM must (a declared license is
// acknowledged as such, a detected one is evidence). One catalog read and one license read for the whole batch, of
// the very versions the license answers are of.
import { resolveBatch } from '../catalog/resolve-batch.ts'
import type { CatalogReader } from '../catalog/types.ts'
import type { LicenseResult } from '../licenses/component-licenses.ts'
import { licenseEntry } from '../licenses/spdx.ts'
import type { LicenseReader, VersionLicenses } from '../licenses/types.ts'
import { purlWithVersion, splitVersion, tryParsePurl } from '../shared/purl.ts'

export interface LicenseOrigin {
  /** The registry's declared license as an SPDX expression ('' when none, or when it is not one). */
  declaredExpression: string
  /** The registry's declared string when it is not an SPDX expression ('' otherwise). */
  declaredText: string
  /** The licenses found in the package's files, each once, in the KB's order (SPDX ids in their canonical spelling). */
  detected: string[]
}

const NONE: LicenseOrigin = Object.freeze({ declaredExpression: '', declaredText: '', detected: [] })

/** The origin of the licenses of each answer (`purls[i]` is the purl `results[i]` answered), in the same order. */
export async function licenseOrigins(
  purls: readonly string[],
  results: readonly LicenseResult[],
  ports: { catalog: CatalogReader; licenses: LicenseReader },
): Promise<LicenseOrigin[]> {
  // the version each answer's licenses are of (the resolved one, or the nearest licensed one), as the purl's
  // @version: a requirement of a bare version is a range in some ecosystems (Cargo's `1.0.188` is `^1.0.188`)
  const asked = results.map((l, i) => {
    const parsed =
      l.version !== '' && l.licenses.length > 0 ? tryParsePurl(splitVersion(purls[i] ?? '').purl) : undefined
    return parsed ? { purl: purlWithVersion(parsed, l.version) } : undefined
  })
  const refs = asked.filter((a) => a !== undefined)
  if (refs.length === 0) return results.map(() => NONE)
  const resolved = await resolveBatch(refs, ports.catalog)
  const ids = [...new Set(resolved.flatMap((r) => (r.chosen ? [r.chosen.id] : [])))]
  const facts = ids.length > 0 ? await ports.licenses.ofVersions(ids) : new Map<number, VersionLicenses>()
  let next = 0
  return asked.map((a) => {
    if (a === undefined) return NONE
    const chosen = resolved[next++]?.chosen
    const v = chosen ? facts.get(chosen.id) : undefined
    return v ? originOf(v) : NONE
  })
}

function originOf(v: VersionLicenses): LicenseOrigin {
  const detected = v.facts.filter((f) => f.kind === 'detected').map((f) => licenseEntry(f.licenseId).id)
  return {
    declaredExpression: v.expression ?? '',
    declaredText: v.expression === null ? (v.declared ?? '').trim() : '',
    detected: [...new Set(detected)],
  }
}
