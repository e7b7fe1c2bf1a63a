// A package's registry facts in one transaction: its component row, its version rows (inserted, rewritten when their
// facts digest differs, marked removed or restated), their dependencies and declared licenses, then its analyses
// (analysis-writer.ts). Unchanged facts are not written again, so a rerun that learns nothing new changes nothing.
import { ANY_COMPONENT, componentTag } from '../domain/kb/changes.ts'
import type { LifecycleStatus, PackageUpdate, VersionFacts, WriteReport } from '../domain/kb/types.ts'
import { writeAnalysis } from './analysis-writer.ts'
import type { Tx } from './index-writer.ts'
import { recordChanges } from './kb-changes.ts'
import { chunks, componentDigest, componentRow, versionDigest, versionRow } from './kb-rows.ts'

export async function writePackage(trx: Tx, update: PackageUpdate): Promise<WriteReport> {
  const report: WriteReport = { componentChanged: false, versionsInserted: 0, versionsUpdated: 0, analysesWritten: 0 }
  const c = update.component
  const hash = componentDigest(c)
  const existing = await trx
    .selectFrom('components')
    .select(['id', 'facts_hash'])
    .where('purl', '=', c.purl)
    .executeTakeFirst()
  let componentId: number
  if (!existing) {
    const row = { ...componentRow(c, hash), first_indexed_at: c.asOf }
    componentId = (await trx.insertInto('components').values(row).returning('id').executeTakeFirstOrThrow()).id
    report.componentChanged = true
  } else {
    componentId = existing.id
    if (existing.facts_hash !== hash) {
      await trx.updateTable('components').set(componentRow(c, hash)).where('id', '=', componentId).execute()
      report.componentChanged = true
    }
  }

  const known = await trx
    .selectFrom('versions')
    .select(['id', 'version', 'facts_hash', 'status', 'status_raw'])
    .where('component_id', '=', componentId)
    .execute()
  const byVersion = new Map(known.map((k) => [k.version, k]))
  const fresh: { v: VersionFacts; hash: string }[] = []
  const changed: { id: number; v: VersionFacts; hash: string }[] = []
  for (const v of update.versions) {
    const h = versionDigest(v)
    const k = byVersion.get(v.version)
    if (!k) fresh.push({ v, hash: h })
    else if (k.facts_hash !== h) changed.push({ id: k.id, v, hash: h })
  }
  const ids = new Map(known.map((k) => [k.version, k.id]))
  for (const part of chunks(fresh, 17)) {
    const rows = await trx
      .insertInto('versions')
      .values(part.map((f) => versionRow(componentId, f.v, f.hash)))
      .returning(['id', 'version'])
      .execute()
    for (const r of rows) ids.set(r.version, r.id)
  }
  for (const ch of changed) {
    await trx
      .updateTable('versions')
      .set(versionRow(componentId, ch.v, ch.hash))
      .where('id', '=', ch.id)
      .execute()
  }
  if (changed.length > 0) {
    const changedIds = changed.map((ch) => ch.id)
    await trx.deleteFrom('version_dependencies').where('version_id', 'in', changedIds).execute()
    await trx
      .deleteFrom('version_licenses')
      .where('version_id', 'in', changedIds)
      .where('kind', '=', 'declared')
      .execute()
  }
  await insertVersionDetails(
    trx,
    [...fresh, ...changed].map((x) => ({ id: ids.get(x.v.version) as number, v: x.v })),
  )
  report.versionsInserted = fresh.length
  report.versionsUpdated = changed.length

  // Versions indexed before and not written above: removed when the full packument no longer serves them, either
  // not mentioning them at all or dating them without a manifest (unpublished). A version merely left out of the
  // --versions selection is not touched.
  const written = new Set(update.versions.map((v) => v.version))
  const inRegistry = new Map((update.registryVersions ?? update.versions).map((v) => [v.version, v]))
  const gone = new Map<string, number[]>()
  for (const k of known) {
    if (written.has(k.version) || k.status === 'removed') continue
    const listed = inRegistry.get(k.version)
    if (listed && listed.status !== 'removed') continue
    const raw = listed?.statusRaw ?? 'missing from registry'
    gone.set(raw, [...(gone.get(raw) ?? []), k.id])
  }
  for (const [raw, vanished] of gone) {
    for (const part of chunks(vanished, 1))
      await trx
        .updateTable('versions')
        .set({ status: 'removed', status_raw: raw, as_of: c.asOf })
        .where('id', 'in', part)
        .execute()
    report.versionsUpdated += vanished.length
  }
  // the status of versions not rewritten, from a document listing every version's (a yank of an old release)
  const restated = new Map<string, { status: LifecycleStatus; statusRaw: string | null; ids: number[] }>()
  for (const st of update.statuses ?? []) {
    const k = byVersion.get(st.version)
    if (!k || written.has(st.version) || k.status === 'removed') continue
    if (k.status === st.status && k.status_raw === st.statusRaw) continue
    const key = `${st.status}\u0000${st.statusRaw ?? ''}`
    const group = restated.get(key) ?? { status: st.status, statusRaw: st.statusRaw, ids: [] }
    group.ids.push(k.id)
    restated.set(key, group)
  }
  for (const g of restated.values()) {
    for (const part of chunks(g.ids, 1))
      await trx
        .updateTable('versions')
        .set({ status: g.status, status_raw: g.statusRaw, as_of: c.asOf })
        .where('id', 'in', part)
        .execute()
    report.versionsUpdated += g.ids.length
  }

  for (const a of update.analyses) {
    const versionId = ids.get(a.version)
    if (versionId !== undefined) report.analysesWritten += await writeAnalysis(trx, versionId, a, c.purlName)
  }
  // last, just before commit: API nodes then drop their cached answers about this component (src/cache/)
  if (report.componentChanged || report.versionsInserted + report.versionsUpdated + report.analysesWritten > 0)
    await recordChanges(trx, [componentTag(c.purl) ?? ANY_COMPONENT])
  return report
}

async function insertVersionDetails(trx: Tx, items: { id: number; v: VersionFacts }[]): Promise<void> {
  const deps = items.flatMap(({ id, v }) =>
    v.dependencies.map((d) => ({
      version_id: id,
      scope: d.scope,
      name: d.name,
      requirement: d.requirement,
      features: d.features ? JSON.stringify(d.features) : null,
      position: d.position ?? null,
    })),
  )
  for (const part of chunks(deps, 6)) await trx.insertInto('version_dependencies').values(part).execute()
  const licenses = items.flatMap(({ id, v }) =>
    [...new Set(v.license?.ids ?? [])].map((licenseId) => ({
      version_id: id,
      kind: 'declared' as const,
      license_id: licenseId,
      path: v.licenseOrigin?.path ?? '',
      score: null,
      is_spdx: v.license?.valid && !licenseId.startsWith('LicenseRef-') ? 1 : 0,
      source: v.licenseOrigin?.source ?? v.source,
      as_of: v.asOf,
    })),
  )
  for (const part of chunks(licenses, 8)) await trx.insertInto('version_licenses').values(part).execute()
}
