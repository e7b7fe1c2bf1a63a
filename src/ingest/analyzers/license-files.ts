// The license-files analyzer: finds a package's license files (anywhere) and matches each against SPDX texts.
//
// A license file is a file whose name, case-insensitively, is LICENSE/LICENCE/LICENSES, UNLICENSE, COPYING or
// NOTICE, alone or followed by `.`/`-`/`_` and anything (LICENSE.md, LICENSE-MIT, COPYING.LESSER, NOTICE.txt), or
// anything followed by `-`/`_`/`.` and LICENSE (MIT-LICENSE, mit.license, BSD_LICENSE.txt), or any .txt or .md
// file in a LICENSES/ directory (the REUSE layout, LICENSES/MIT.txt); but never one with a code, data or image
// extension (license.js, licenses.json, license.svg). Each is matched by license-match.ts (first 64 KiB); one that
// matches nothing above the threshold, is binary or is too large to read is still listed, with spdx_id null.
import { LICENSE_FILES_ANALYZER } from '../../domain/licenses/types.ts'
import { MATCH_THRESHOLD, matchLicense } from './license-match.ts'
import { isBinary } from './text.ts'
import type { Analyzer, FileEntry } from './types.ts'

export interface LicenseFilesOutput {
  /** Sorted by path. score: the similarity, rounded to 3 decimals (the best one seen when spdx_id is null). */
  licenses: { path: string; spdx_id: string | null; score: number }[]
}

const STEM = /^(?:(?:un)?licen[cs]es?|copying|notice)(?:[-_.].*)?$/i
const SUFFIXED = /^.+[-_.]licen[cs]es?(?:[-_.].*)?$/i
const REUSE_FILE = /(?:^|\/)licenses\/[^/]+$/i
const NOT_LICENSE_EXTENSIONS = new Set(
  (
    'js mjs cjs jsx ts mts cts tsx json json5 map css scss sass less vue svelte ' +
    'py rb go rs java kt c h cc cpp hpp cs php pl sh bash ps1 bat cmd yml yaml xml toml ini lock ' +
    'png jpg jpeg gif svg ico webp pdf'
  ).split(' '),
)
const MAX_MATCH_BYTES = 64 * 1024

/** Whether a path (relative to the package root) names a license file. */
export function isLicenseFile(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1)
  const dot = base.lastIndexOf('.')
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : ''
  if (NOT_LICENSE_EXTENSIONS.has(ext)) return false
  if (STEM.test(base) || SUFFIXED.test(base)) return true
  return REUSE_FILE.test(path) && (ext === 'txt' || ext === 'md')
}

const round3 = (x: number) => Math.round(x * 1000) / 1000

function matchLicenseFile(e: FileEntry): LicenseFilesOutput['licenses'][number] {
  if (!e.content || isBinary(e.path, e.content)) return { path: e.path, spdx_id: null, score: 0 }
  const m = matchLicense(e.content.subarray(0, MAX_MATCH_BYTES).toString('utf8'))
  return { path: e.path, spdx_id: m.score >= MATCH_THRESHOLD ? m.spdxId : null, score: round3(m.score) }
}

export const licenseFilesAnalyzer: Analyzer<LicenseFilesOutput> = {
  name: LICENSE_FILES_ANALYZER,
  version: '1',
  start() {
    const byPath = new Map<string, LicenseFilesOutput['licenses'][number]>() // a duplicate path replaces the first
    return {
      file(e) {
        if (isLicenseFile(e.path)) byPath.set(e.path, matchLicenseFile(e))
      },
      finish: () => ({
        licenses: [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
      }),
    }
  },
}
