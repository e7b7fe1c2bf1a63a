// Writes one package per transaction, idempotently: unchanged facts (by digest) are not written again,
// so a crash never leaves half a package and a rerun that learns nothing new changes nothing.
import { WALKED_OUTPUT } from '../domain/dependencies/learning.ts'
import { ANY_COMPONENT, componentTag } from '../domain/kb/changes.ts'
import type {
  KbWriter,
  LifecycleStatus,
  PackageState,
  PackageUpdate,
  VersionAnalysis,
  VersionFacts,
  WriteReport,
} from '../domain/kb/types.ts'
import { LICENSE_FILES_ANALYZER } from '../domain/licenses/types.ts'
import type { Storage } from './database.ts'
import { fileAlgorithmIndex } from './file-algorithms.ts'
import { folderIndex } from './folder-index.ts'
import type { IndexWriter, Tx } from './index-writer.ts'
import { pruneChanges, recordChanges } from './kb-changes.ts'
import { chunks, componentDigest, componentRow, digest, versionDigest, versionRow } from './kb-rows.ts'
import { noticeIndex } from './notice-store.ts'
import { refreshPopularity } from './popularity.ts'
import { snippetIndex } from './snippet-index.ts'

/** The tables an analyzer's output feeds beside its analyses row, by analyzer name (storage/index-writer.ts). */
const INDEX_WRITERS = byAnalyzer([
  noticeIndex,
  snippetIndex,
  fileAlgorithmIndex,
  folderIndex,
  { analyzer: WALKED_OUTPUT, write: (trx, w) => replaceFiles(trx, w.versionId, w.analysis) },
  {
    analyzer: LICENSE_FILES_ANALYZER,
    write: (trx, w) =>
      replaceDetectedLicenses(trx, w.versionId, w.analysis, `computed:${LICENSE_FILES_ANALYZER}@${w.analyzerVersion}`),
  },
])

export class SqlKbWriter implements KbWriter {
  constructor(private readonly storage: Storage) {}

  async finish(): Promise<void> {
    await refreshPopularity(this.storage.db)
    await pruneChanges(this.storage.db)
  }

  async state(purl: string): Promise<PackageState | undefined> {
    const db = this.storage.db
    const component = await db.selectFrom('components').select('id').where('purl', '=', purl).executeTakeFirst()
    if (!component) return undefined
    const rows = await db
      .selectFrom('versions as v')
      .leftJoin('analyses as a', 'a.version_id', 'v.id')
      .select(['v.version', 'a.analyzer', 'a.analyzer_version'])
      .where('v.component_id', '=', component.id)
      .execute()
    const state: PackageState = { versions: new Set(), analyses: new Map() }
    for (const r of rows) {
      state.versions.add(r.version)
      if (!r.analyzer || r.analyzer_version === null) continue
      const byAnalyzer = state.analyses.get(r.version) ?? new Map<string, string>()
      byAnalyzer.set(r.analyzer, r.analyzer_version)
      state.analyses.set(r.version, byAnalyzer)
    }
    return state
  }

  writePackage(update: PackageUpdate): Promise<WriteReport> {
    return this.storage.db.transaction().execute((trx) => write(trx, update))
  }

  /**
   * Writes new analyses of versions the KB already holds, leaving every registry fact as it is (a script adding an
   * analyzer's output to a seed without refreshing the rest); returns how many outputs were written.
   */
  writeAnalyses(purl: string, analyses: readonly VersionAnalysis[]): Promise<number> {
    return this.storage.db.transaction().execute(async (trx) => {
      const c = await trx
        .selectFrom('components')
        .select(['id', 'purl_name'])
        .where('purl', '=', purl)
        .executeTakeFirst()
      if (!c) return 0
      const versions = await trx
        .selectFrom('versions')
        .select(['id', 'version'])
        .where('component_id', '=', c.id)
        .execute()
      const ids = new Map(versions.map((v) => [v.version, v.id]))
      let written = 0
      for (const a of analyses) {
        const id = ids.get(a.version)
        if (id !== undefined) written += await writeAnalysis(trx, id, a, c.purl_name)
      }
      if (written > 0) await recordChanges(trx, [componentTag(purl) ?? ANY_COMPONENT])
      return written
    })
  }
}

async function write(trx: Tx, update: PackageUpdate): Promise<WriteReport> {
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

/** Writes each analyzer output that is new or different; files and detected licenses follow their outputs. */
async function writeAnalysis(trx: Tx, versionId: number, a: VersionAnalysis, purlName: string): Promise<number> {
  const have = await trx
    .selectFrom('analyses')
    .select(['analyzer', 'analyzer_version', 'output'])
    .where('version_id', '=', versionId)
    .execute()
  const current = new Map(have.map((h) => [h.analyzer, h]))
  const outputs = [
    ...a.outputs,
    { analyzer: WALKED_OUTPUT, analyzerVersion: '1', output: { files: a.files.length, digest: digest(a.files) } },
  ]
  let written = 0
  for (const o of outputs) {
    const index = INDEX_WRITERS.get(o.analyzer)
    const text = JSON.stringify(index?.stored ? index.stored(o.output) : o.output)
    const old = current.get(o.analyzer)
    if (old && old.analyzer_version === o.analyzerVersion && old.output === text) continue
    await trx.deleteFrom('analyses').where('version_id', '=', versionId).where('analyzer', '=', o.analyzer).execute()
    await trx
      .insertInto('analyses')
      .values({
        version_id: versionId,
        analyzer: o.analyzer,
        analyzer_version: o.analyzerVersion,
        output: text,
        as_of: a.asOf,
      })
      .execute()
    written++
    await index?.write(trx, { versionId, analysis: a, analyzerVersion: o.analyzerVersion, output: o.output, purlName })
  }
  return written
}

function byAnalyzer(writers: IndexWriter[]): ReadonlyMap<string, IndexWriter> {
  return new Map(writers.map((w) => [w.analyzer, w]))
}

async function replaceFiles(trx: Tx, versionId: number, a: VersionAnalysis): Promise<void> {
  await trx.deleteFrom('version_files').where('version_id', '=', versionId).execute()
  const rows = a.files.map((f) => ({ version_id: versionId, path: f.path, size: f.size, md5: f.md5 }))
  for (const part of chunks(rows, 4)) await trx.insertInto('version_files').values(part).execute()
}

async function replaceDetectedLicenses(trx: Tx, versionId: number, a: VersionAnalysis, source: string): Promise<void> {
  await trx.deleteFrom('version_licenses').where('version_id', '=', versionId).where('kind', '=', 'detected').execute()
  const rows = a.detectedLicenses.map((d) => ({
    version_id: versionId,
    kind: 'detected' as const,
    license_id: d.licenseId,
    path: d.path,
    score: d.score,
    is_spdx: d.licenseId.startsWith('LicenseRef-') ? 0 : 1,
    source,
    as_of: a.asOf,
  }))
  for (const part of chunks(rows, 8)) await trx.insertInto('version_licenses').values(part).execute()
}
