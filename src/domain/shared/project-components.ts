// The components a project names: the exact npm purls of a package-lock.json (v2/v3 `packages`), or the purls of a
// CycloneDX SBOM's components. Used by `compintel notices` and the coverage bench.

type Lockfile = { packages?: Record<string, Record<string, unknown>> }
type CycloneDx = { bomFormat?: unknown; components?: { purl?: unknown; components?: unknown }[] }

/** Distinct `pkg:npm/name@version` of a lockfile's installed packages (dev ones only with `dev`), sorted. */
export function lockfilePurls(lock: Lockfile, dev: boolean): string[] {
  const purls = new Set<string>()
  for (const [where, p] of Object.entries(lock.packages ?? {})) {
    if (where === '' || p.link || typeof p.version !== 'string' || (p.dev && !dev)) continue
    const name = typeof p.name === 'string' ? p.name : where.slice(where.lastIndexOf('node_modules/') + 13)
    purls.add(`pkg:npm/${name.startsWith('@') ? `%40${name.slice(1)}` : name}@${p.version}`)
  }
  return [...purls].sort()
}

/** Distinct purls of a CycloneDX BOM's components, nested ones included, sorted. */
function cyclonedxPurls(bom: CycloneDx): string[] {
  const purls = new Set<string>()
  const visit = (list: unknown) => {
    if (!Array.isArray(list)) return
    for (const c of list as { purl?: unknown; components?: unknown }[]) {
      if (typeof c?.purl === 'string' && c.purl !== '') purls.add(c.purl)
      visit(c?.components)
    }
  }
  visit(bom.components)
  return [...purls].sort()
}

/** The purls of a project file: a CycloneDX JSON SBOM or an npm lockfile; undefined for anything else. */
export function projectPurls(json: unknown): string[] | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  if ((json as CycloneDx).bomFormat === 'CycloneDX') return cyclonedxPurls(json as CycloneDx)
  if (typeof (json as Lockfile).packages === 'object') return lockfilePurls(json as Lockfile, false)
  return undefined
}
