// What ingestion reads from a binary package (.deb) itself: its copyright file and its changelog, as installed under
// /usr/share/doc/<package>/ (Debian Policy §12.5, §12.7). The package is unpacked by dpkg-deb into a temporary folder
// that is removed afterwards. A package whose doc folder is a symlink to another package's (allowed when both come
// from one source) ships neither: the other package is named instead.
import { execFile } from 'node:child_process'
import { existsSync, lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'

const run = promisify(execFile)
const MAX_TEXT = 8 * 1024 * 1024

export interface DebDocs {
  copyright: string | null
  changelog: string | null
  /** The package whose doc folder this one's links to, when it is a link. */
  docsOf: string | null
}

export async function readDebDocs(debFile: string, name: string): Promise<DebDocs> {
  const dir = mkdtempSync(path.join(tmpdir(), 'compintel-deb-'))
  try {
    await run('dpkg-deb', ['-x', debFile, dir], { maxBuffer: 1024 * 1024 })
    return readDocs(dir, name)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The docs of a package installed under `root` (`/` for this machine's own packages, or an unpacked .deb). On an
 * installed system a doc symlink is followed; in an unpacked .deb its target is absent, and is named instead.
 */
export function readDocs(root: string, name: string): DebDocs {
  const doc = path.join(root, 'usr', 'share', 'doc', name)
  if (isLink(doc) && !existsSync(path.join(doc, 'copyright')))
    return { copyright: null, changelog: null, docsOf: path.basename(readlinkSync(doc)) }
  if (!existsSync(doc)) return { copyright: null, changelog: null, docsOf: null }
  return {
    copyright: text(path.join(doc, 'copyright'), false),
    changelog: text(path.join(doc, 'changelog.Debian.gz'), true),
    docsOf: null,
  }
}

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink()
  } catch {
    return false
  }
}

function text(file: string, gzipped: boolean): string | null {
  if (!existsSync(file)) return null
  const raw = readFileSync(file)
  const bytes = gzipped ? gunzipSync(raw, { maxOutputLength: MAX_TEXT }) : raw
  return bytes.subarray(0, MAX_TEXT).toString('utf8')
}
