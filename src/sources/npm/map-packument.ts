// A packument → the component and version facts the KB stores (source `npm-registry`); nothing is invented:
// a field the registry does not serve stays null. Its identity is checked first (check-identity.ts).

import { npmNameProblem } from '../../domain/kb/ecosystem-rules.ts'
import { isPrerelease, versionSortKey } from '../../domain/kb/sort-key.ts'
import type {
  ComponentFacts,
  Dependency,
  DependencyScope,
  LifecycleStatus,
  VersionFacts,
} from '../../domain/kb/types.ts'
import { normaliseDeclaredLicense } from '../../ingest/analyzers/declared-license.ts'
import { checkIdentity, TIME_KEYS } from './check-identity.ts'
import type { Manifest, Packument } from './registry.ts'
import { parseRepository } from './repository.ts'

const NPM_SOURCE = 'npm-registry'
const SCOPES: [keyof Manifest, DependencyScope][] = [
  ['dependencies', 'runtime'],
  ['optionalDependencies', 'optional'],
  ['peerDependencies', 'peer'],
  ['devDependencies', 'dev'],
]

/** pkg:npm/name or pkg:npm/%40scope/name (purl spec: npm keeps case; the scope's @ is percent-encoded). */
function npmPurl(name: string): { purl: string; namespace: string; name: string } {
  const scoped = /^(@[^/]+)\/(.+)$/.exec(name)
  if (scoped)
    return {
      purl: `pkg:npm/%40${scoped[1]?.slice(1)}/${scoped[2]}`,
      namespace: scoped[1] as string,
      name: scoped[2] as string,
    }
  return { purl: `pkg:npm/${name}`, namespace: '', name }
}

/** The packument served for `requested` (refused with UpstreamRefused('identity') when it is another's). */
export function mapPackument(
  requested: string,
  p: Packument,
  asOf: string,
): { component: ComponentFacts; versions: VersionFacts[] } {
  checkIdentity(requested, p)
  const manifests = p.versions ?? {}
  const time = p.time ?? {}
  const latest = p['dist-tags']?.latest ?? null
  const latestManifest = latest ? manifests[latest] : undefined
  const repo = parseRepository(latestManifest?.repository ?? p.repository)
  const ids = npmPurl(p.name)
  const versions: VersionFacts[] = Object.values(manifests).map((m) => mapVersion(m, time[m.version] ?? null, asOf))
  // Versions the registry still dates but no longer serves were unpublished.
  for (const [version, date] of Object.entries(time)) {
    if (TIME_KEYS.has(version) || manifests[version]) continue
    versions.push({ ...emptyVersion(version, date, asOf), status: 'removed', statusRaw: 'unpublished' })
  }
  versions.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0))
  const status = componentStatus(p, latestManifest)
  return {
    component: {
      purl: ids.purl,
      purlType: 'npm',
      namespace: ids.namespace,
      name: ids.name,
      purlName: p.name,
      description: text(latestManifest?.description ?? p.description),
      projectUrl: `https://www.npmjs.com/package/${p.name}`,
      homepageUrl: text(latestManifest?.homepage ?? p.homepage),
      repositoryUrl: repo?.url ?? null,
      sourcePurl: repo?.purl ?? null,
      latestVersion: latest,
      ...status,
      registryModified: time.modified ?? null,
      source: NPM_SOURCE,
      asOf,
    },
    versions,
  }
}

function mapVersion(m: Manifest, releasedAt: string | null, asOf: string): VersionFacts {
  const deprecated =
    typeof m.deprecated === 'string' && m.deprecated !== '' ? m.deprecated : m.deprecated === true ? 'deprecated' : null
  const declared = m.license ?? m.licenses
  return {
    ...emptyVersion(m.version, releasedAt, asOf),
    status: deprecated ? 'deprecated' : 'active',
    statusRaw: deprecated ? `deprecated: ${deprecated}` : null,
    integrity:
      m.dist?.integrity ?? (m.dist?.shasum ? `sha1-${Buffer.from(m.dist.shasum, 'hex').toString('base64')}` : null),
    unpackedSize: typeof m.dist?.unpackedSize === 'number' ? m.dist.unpackedSize : null,
    fileCount: typeof m.dist?.fileCount === 'number' ? m.dist.fileCount : null,
    license: declared === undefined || declared === null || declared === '' ? null : normaliseDeclaredLicense(declared),
    dependencies: dependencies(m),
  }
}

function emptyVersion(version: string, releasedAt: string | null, asOf: string): VersionFacts {
  return {
    version,
    sortKey: versionSortKey(version),
    isPrerelease: isPrerelease(version),
    releasedAt,
    status: 'active',
    statusRaw: null,
    integrity: null,
    unpackedSize: null,
    fileCount: null,
    license: null,
    dependencies: [],
    source: NPM_SOURCE,
    asOf,
  }
}

function dependencies(m: Manifest): Dependency[] {
  const out: Dependency[] = []
  for (const [field, scope] of SCOPES) {
    const deps = m[field]
    if (!deps || typeof deps !== 'object') continue
    for (const [name, requirement] of Object.entries(deps as Record<string, unknown>)) {
      // npm lists optional dependencies under `dependencies` too; keep them once, as optional.
      if (scope === 'runtime' && m.optionalDependencies && name in m.optionalDependencies) continue
      // a name npm's rules reject names nothing npm could install: dropped (docs/knowledge-base.md)
      if (typeof requirement === 'string' && name.length <= 214 && !npmNameProblem(name))
        out.push({ scope, name, requirement })
    }
  }
  return out
}

function componentStatus(
  p: Packument,
  latest: Manifest | undefined,
): { status: LifecycleStatus; statusRaw: string | null; statusChangeDate: string | null } {
  const unpublished = (p.time as Record<string, unknown> | undefined)?.unpublished as { time?: string } | undefined
  if (unpublished || Object.keys(p.versions ?? {}).length === 0) {
    return { status: 'removed', statusRaw: 'unpublished', statusChangeDate: unpublished?.time ?? null }
  }
  // npm deprecates a package by deprecating its versions; the latest one speaks for the package.
  if (latest && typeof latest.deprecated === 'string' && latest.deprecated !== '') {
    return { status: 'deprecated', statusRaw: `deprecated: ${latest.deprecated}`, statusChangeDate: null }
  }
  return { status: 'active', statusRaw: null, statusChangeDate: null }
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 2000) : null
}
