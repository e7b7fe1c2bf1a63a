// The notices analyzer: the texts a package ships for its attribution notices (docs/attribution-notices.md): its
// license files (license-files.ts decides which), NOTICE, AUTHORS, COPYRIGHT, CONTRIBUTORS and third-party notice
// files, anywhere in the package, as UTF-8 text. Binary files, files too large to read and empty ones are left out.
// The KB stores each distinct text once, by MD5 (storage/notice-store.ts), and each version's files point to them.
import { NOTICES_ANALYZER } from '../../domain/notices/types.ts'
import { isLicenseFile } from './license-files.ts'
import { isBinary } from './text.ts'
import type { Analyzer } from './types.ts'

interface NoticeFile {
  /** The file's path in the package: the notice's `source`. */
  path: string
  /** MD5 of the file's bytes (the walk's), lower-case hex. */
  md5: string
  text: string
}

export interface NoticesOutput {
  /** Sorted by path. */
  notices: NoticeFile[]
}

const NOTICE_STEM =
  /^(?:notices?|authors|copyright|contributors|third[-_.]?party[-_.]?notices?|thirdpartynotices?)(?:[-_.].*)?$/i
/** Larger texts are not notices anyone ships by hand (whole license collections are the rare exception). */
const MAX_NOTICE_BYTES = 256 * 1024

/** Whether a path (relative to the package root) names a file whose text belongs in attribution notices. */
function isNoticeFile(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1)
  return isLicenseFile(path) || (NOTICE_STEM.test(base) && !/\.(?:js|mjs|cjs|ts|json|ya?ml|html?)$/i.test(base))
}

export const noticesAnalyzer: Analyzer<NoticesOutput> = {
  name: NOTICES_ANALYZER,
  version: '1',
  start() {
    const byPath = new Map<string, NoticeFile>() // a duplicate path replaces the first
    return {
      file(e) {
        if (!isNoticeFile(e.path)) return
        if (!e.content || e.size === 0 || e.size > MAX_NOTICE_BYTES || isBinary(e.path, e.content)) {
          byPath.delete(e.path)
          return
        }
        byPath.set(e.path, { path: e.path, md5: e.md5, text: e.content.toString('utf8') })
      },
      finish: () => ({
        notices: [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
      }),
    }
  },
}
