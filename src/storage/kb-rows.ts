// Domain facts ↔ KB rows, and the digests that let a rerun recognise facts it already holds.
import { createHash } from 'node:crypto'
import type { ComponentFacts, VersionFacts } from '../domain/kb/types.ts'
import type { ComponentsTable, VersionsTable } from './schema.ts'

const IN_LIST = 5000

export function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22)
}

/** The facts of a component without its provenance, which changes on every run. */
export function componentDigest(c: ComponentFacts): string {
  const { asOf: _a, source: _s, ...facts } = c
  return digest(facts)
}

export function versionDigest(v: VersionFacts): string {
  const { asOf: _a, source: _s, ...facts } = v
  return digest(facts)
}

export function componentRow(
  c: ComponentFacts,
  hash: string,
): Omit<ComponentsTable, 'id' | 'first_indexed_at' | 'popularity' | 'popularity_source'> {
  return {
    purl: c.purl,
    purl_type: c.purlType,
    namespace: c.namespace,
    name: c.name,
    purl_name: c.purlName,
    description: c.description,
    project_url: c.projectUrl,
    homepage_url: c.homepageUrl,
    repository_url: c.repositoryUrl,
    source_purl: c.sourcePurl,
    latest_version: c.latestVersion,
    status: c.status,
    status_raw: c.statusRaw,
    status_change_date: c.statusChangeDate,
    registry_modified: c.registryModified,
    facts_hash: hash,
    last_indexed_at: c.asOf,
    source: c.source,
    as_of: c.asOf,
  }
}

export function versionRow(componentId: number, v: VersionFacts, hash: string): Omit<VersionsTable, 'id'> {
  return {
    component_id: componentId,
    version: v.version,
    sort_key: v.sortKey,
    is_prerelease: v.isPrerelease ? 1 : 0,
    released_at: v.releasedAt,
    status: v.status,
    status_raw: v.statusRaw,
    integrity: v.integrity,
    unpacked_size: v.unpackedSize,
    file_count: v.fileCount,
    declared_license: v.license?.raw ?? null,
    license_expression: v.license?.valid ? v.license.expression : null,
    facts_hash: hash,
    indexed_at: v.asOf,
    source: v.source,
    as_of: v.asOf,
    features: v.features ? JSON.stringify(v.features) : null,
    managed: v.managed ? JSON.stringify(v.managed) : null,
  }
}

/** Splits rows into chunks that stay under SQLite's bound-parameter limit. */
export function chunks<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(30_000 / columns))
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/** Splits keys into IN lists of at most 5,000 (one query per list). */
export function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += IN_LIST) out.push(items.slice(i, i + IN_LIST))
  return out
}
