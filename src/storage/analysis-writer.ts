// A version's analyzer outputs: each new or different one replaces its analyses row, and the tables it feeds are
// written by the index writer registered under its analyzer's name (INDEX_WRITERS: the file list and detected
// licenses here, notices, snippets, per-file algorithms and folder hashes beside their tables).
import { WALKED_OUTPUT } from '../domain/dependencies/learning.ts'
import type { VersionAnalysis } from '../domain/kb/types.ts'
import { LICENSE_FILES_ANALYZER } from '../domain/licenses/types.ts'
import { fileAlgorithmIndex } from './file-algorithms.ts'
import { folderIndex } from './folder-index.ts'
import type { IndexWriter, Tx } from './index-writer.ts'
import { chunks, digest } from './kb-rows.ts'
import { noticeIndex } from './notice-store.ts'
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

/** Writes each analyzer output that is new or different; files and detected licenses follow their outputs. */
export async function writeAnalysis(trx: Tx, versionId: number, a: VersionAnalysis, purlName: string): Promise<number> {
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
