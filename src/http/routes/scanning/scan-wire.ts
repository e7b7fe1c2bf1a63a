// The engine's answer for a scan post (docs/scanning.md "Answer"): an object keyed by each path of the WFP, in the
// post's order, each holding one match: `{id: "none", server}` or the match's fields in the engine's key order,
// with `purl` a list and `lines`/`oss_lines`/`matched` strings, as the clients' writers read them.
import { hash } from 'node:crypto'
import { spdxLicense } from '../../../domain/licenses/spdx.ts'
import { expressionIds } from '../../../domain/licenses/summary.ts'
import type { VersionLicenses } from '../../../domain/licenses/types.ts'
import type { FileMatch, FileResult } from '../../../domain/scanning/scan.ts'
import type { ScanBlocks } from '../../../domain/scanning/scan-blocks.ts'
import { componentNames } from '../../../domain/shared/component-name.ts'

export interface ServerBlock {
  version: string
  kb_version: { monthly: string; daily: string }
}

export const FLAG_NO_LICENSES = 8

export function scanAnswer(
  results: readonly FileResult[],
  licenses: Map<number, VersionLicenses>,
  blocks: Map<FileMatch, ScanBlocks>,
  server: ServerBlock,
  flags: number,
  /** Where this server's file contents are (`<origin>/file_contents`); '' when it serves none. */
  contentsUrl: string,
): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {}
  for (const r of results) {
    // a path posted twice keeps its first answer (the engine's object has one key per path)
    if (Object.hasOwn(out, r.path)) continue
    out[r.path] = [
      r.match
        ? matchObject(r, r.match, licenses, blocks.get(r.match) ?? {}, { flags, server, contentsUrl })
        : { id: 'none', server },
    ]
  }
  return out
}

function matchObject(
  r: FileResult,
  m: FileMatch,
  licenses: Map<number, VersionLicenses>,
  blocks: ScanBlocks,
  { flags, server, contentsUrl }: { flags: number; server: ServerBlock; contentsUrl: string },
) {
  const p = m.place
  const purl = `${p.purl}@${p.version}`
  const names = componentNames(p.purl)
  return {
    id: m.id,
    ...(m.hits !== undefined ? { hits: m.hits } : {}),
    lines: m.lines,
    oss_lines: m.ossLines,
    matched: `${m.matched}%`,
    file_hash: m.fileHash,
    source_hash: r.sourceHash,
    file_url: contentsUrl ? `${contentsUrl}/${m.fileHash}` : '',
    ...(blocks.cryptography ? { cryptography: blocks.cryptography } : {}),
    purl: [p.purl],
    vendor: names.vendor,
    component: names.component,
    version: p.version,
    latest: p.latestVersion ?? p.version,
    url: p.projectUrl,
    status: m.identified ? 'identified' : 'pending',
    release_date: p.releasedAt ? p.releasedAt.slice(0, 10) : '',
    file: p.path,
    // compintel identifies a package archive by its versioned purl: the MD5 of that string
    url_hash: hash('md5', purl, 'hex'),
    ...(flags & FLAG_NO_LICENSES ? {} : { licenses: licenseList(licenses.get(p.versionId)) }),
    url_stats: {},
    ...(blocks.dependencies ? { dependencies: blocks.dependencies } : {}),
    ...(blocks.vulnerabilities ? { vulnerabilities: blocks.vulnerabilities } : {}),
    server,
  }
}

/** The version's licenses of the first source the KB has: declared ones, else those found in license files. */
function licenseList(v: VersionLicenses | undefined) {
  if (!v) return []
  const declared = [
    ...(v.expression ? expressionIds(v.expression) : []),
    ...v.facts.filter((f) => f.kind === 'declared').map((f) => f.licenseId),
  ]
  const ids = declared.length > 0 ? declared : v.facts.filter((f) => f.kind === 'detected').map((f) => f.licenseId)
  const source = declared.length > 0 ? 'component_declared' : 'license_file'
  return [...new Set(ids)].map((id) => {
    const spdx = spdxLicense(id)
    return { name: spdx?.id ?? id, source, ...(spdx ? { url: spdx.spdxUrl } : {}) }
  })
}
