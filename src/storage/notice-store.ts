// Attribution notices on SQL (docs/attribution-notices.md): the notices analyzer's texts stored once each by MD5,
// each version's notice files pointing at them, and the read of a batch of versions in one query.
import type { Kysely, Transaction } from 'kysely'
import { NOTICES_ANALYZER, type Notice, type NoticeReader } from '../domain/notices/types.ts'
import type { Storage } from './database.ts'
import type { IndexWriter } from './index-writer.ts'
import { chunks } from './kb-rows.ts'
import type { Database } from './schema.ts'

type Tx = Transaction<Database> | Kysely<Database>

interface NoticeFile {
  path: string
  md5: string
  text: string
}

/** The analyses row keeps the files without their texts: the texts live in notice_texts, once each. */
function withoutTexts(output: unknown): unknown {
  const files = (output as { notices?: NoticeFile[] }).notices ?? []
  return { notices: files.map(({ path, md5 }) => ({ path, md5 })) }
}

/** Replaces the notice files of one version; a text already in the KB is not stored again. */
async function writeVersionNotices(trx: Tx, versionId: number, output: unknown): Promise<void> {
  const files = (output as { notices?: NoticeFile[] }).notices ?? []
  await trx.deleteFrom('version_notices').where('version_id', '=', versionId).execute()
  if (files.length === 0) return
  const texts = [...new Map(files.map((f) => [f.md5, { md5: f.md5, text: f.text }])).values()]
  for (const part of chunks(texts, 2))
    await trx
      .insertInto('notice_texts')
      .values(part)
      .onConflict((oc) => oc.column('md5').doNothing())
      .execute()
  const rows = files.map((f) => ({ version_id: versionId, path: f.path, md5: f.md5 }))
  for (const part of chunks(rows, 3)) await trx.insertInto('version_notices').values(part).execute()
}

/** The notices analyzer's tables: its texts, once each, and each version's notice files. */
export const noticeIndex: IndexWriter = {
  analyzer: NOTICES_ANALYZER,
  stored: withoutTexts,
  write: (trx, w) => writeVersionNotices(trx, w.versionId, w.output),
}

export class SqlNoticeReader implements NoticeReader {
  constructor(private readonly storage: Storage) {}

  async ofVersions(versionIds: readonly number[]): Promise<Map<number, Notice[]>> {
    const out = new Map<number, Notice[]>()
    if (versionIds.length === 0) return out
    // the analyses row says the version was analyzed, with or without notice files
    const rows = await this.storage.read
      .selectFrom('analyses as a')
      .leftJoin('version_notices as n', 'n.version_id', 'a.version_id')
      .leftJoin('notice_texts as t', 't.md5', 'n.md5')
      .select(['a.version_id', 'n.path', 'n.md5', 't.text'])
      .where('a.analyzer', '=', NOTICES_ANALYZER)
      .where('a.version_id', 'in', [...versionIds])
      .orderBy('a.version_id')
      .orderBy('n.path')
      .execute()
    for (const r of rows) {
      const list = out.get(r.version_id) ?? []
      if (r.path !== null && r.md5 !== null && r.text !== null) list.push({ source: r.path, md5: r.md5, text: r.text })
      out.set(r.version_id, list)
    }
    return out
  }
}
