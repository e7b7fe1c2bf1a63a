// A project's document of PyPI's JSON API (`<base>pypi/<name>/json`, and one release's `<base>pypi/<name>/<version>/
// json`) → the values the KB's component and version facts take (source `pypi-registry`): versions with the date of
// their first upload, yanked (PEP 592) as the version's status, the declared license as core metadata gives it
// (PEP 639's License-Expression, else a short License field, else the License :: classifiers), Requires-Dist
// (PEP 508 strings as written), Requires-Python and the project URLs. The document must be the project asked for
// (its name normalises to the asked name, PEP 503); files that are not distributions of it are left out.
import sjson from 'secure-json-parse'
import type { LifecycleStatus } from '../../../domain/kb/types.ts'
import { pep503 } from '../../../domain/shared/purl.ts'
import { type DeclaredLicense, normaliseDeclaredLicense } from '../../../ingest/analyzers/declared-license.ts'
import { excerpt, UpstreamRefused } from '../../../ingest/failure.ts'
import { repositoryUrl } from '../repository-url.ts'
import { distributionOf } from './pypi-name.ts'

const PYPI_SOURCE = 'pypi-registry'

interface PypiVersionValues {
  version: string
  /** The earliest upload time of its files (ISO 8601), or null without files. */
  releasedAt: string | null
  /** `deprecated` when every file is yanked (PEP 592: not chosen unless pinned); else `active`. */
  status: LifecycleStatus
  /** `yanked` or `yanked: <reason>`. */
  statusRaw: string | null
}

export interface PypiReleaseValues {
  version: string
  license: DeclaredLicense | null
  /** Which core metadata field the license came from. */
  licenseFrom: 'license_expression' | 'license' | 'classifiers' | null
  /** Requires-Dist, PEP 508 requirement strings as the metadata writes them. */
  requiresDist: string[]
  requiresPython: string | null
  description: string | null
  homepageUrl: string | null
  repositoryUrl: string | null
  projectUrls: Record<string, string>
}

export interface PypiProjectValues {
  /** The name as the project writes it (its display name). */
  name: string
  latestVersion: string | null
  /** The latest release's metadata (the document's `info`). */
  latest: PypiReleaseValues
  versions: PypiVersionValues[]
  source: string
  asOf: string
}

interface Info {
  name?: unknown
  version?: unknown
  summary?: unknown
  license?: unknown
  license_expression?: unknown
  classifiers?: unknown
  requires_dist?: unknown
  requires_python?: unknown
  home_page?: unknown
  project_urls?: unknown
}

/** Parses a JSON API document (`text`) served for `asked`; refuses another project's. */
function parsePypiJson(text: string | Buffer, asked: string): { info: Info; releases?: unknown } {
  let doc: unknown
  try {
    doc = sjson.parse(text.toString(), undefined, { protoAction: 'remove', constructorAction: 'remove' })
  } catch (err) {
    throw refuse('format', asked, `not JSON: ${excerpt((err as Error).message)}`)
  }
  const info = (doc as { info?: unknown } | null)?.info
  if (!info || typeof info !== 'object') throw refuse('format', asked, 'no "info" object')
  const name = (info as Info).name
  if (typeof name !== 'string' || pep503(name) !== pep503(asked))
    throw refuse('identity', asked, `it names ${typeof name === 'string' ? `"${excerpt(name, 80)}"` : 'none'}`)
  return doc as { info: Info; releases?: unknown }
}

/**
 * A version's status from its files' yank states (PEP 592): `deprecated` when every file is yanked (the first reason
 * given kept), else `active`.
 */
export function yankStatus(files: readonly { yanked: boolean; reason: string }[]): {
  status: LifecycleStatus
  statusRaw: string | null
} {
  const yanked = files.length > 0 && files.every((f) => f.yanked)
  const reason = files.map((f) => f.reason).find((r) => r !== '')
  if (!yanked) return { status: 'active', statusRaw: null }
  return { status: 'deprecated', statusRaw: reason ? `yanked: ${excerpt(reason, 200)}` : 'yanked' }
}

/** The project document → its values (`asOf`: when it was read). */
export function mapPypiJson(text: string | Buffer, asked: string, asOf: string): PypiProjectValues {
  const doc = parsePypiJson(text, asked)
  const latest = mapRelease(doc.info)
  const versions: PypiVersionValues[] = []
  const releases = doc.releases && typeof doc.releases === 'object' ? (doc.releases as Record<string, unknown>) : {}
  for (const [version, files] of Object.entries(releases)) {
    const list = ((Array.isArray(files) ? files : []) as Record<string, unknown>[]).filter(
      (f) => typeof f.filename === 'string' && distributionOf(f.filename, asked) !== undefined,
    )
    const dates = list.map((f) => f.upload_time_iso_8601).filter((d): d is string => typeof d === 'string')
    const yank = yankStatus(
      list.map((f) => ({
        yanked: f.yanked === true,
        reason: typeof f.yanked_reason === 'string' ? f.yanked_reason : '',
      })),
    )
    versions.push({ version, releasedAt: dates.sort()[0] ?? null, ...yank })
  }
  return {
    name: String(doc.info.name),
    latestVersion: str(doc.info.version),
    latest,
    versions,
    source: PYPI_SOURCE,
    asOf,
  }
}

/** One release's document (`pypi/<name>/<version>/json`) → that version's metadata; refuses another version's. */
export function mapPypiReleaseJson(text: string | Buffer, asked: string, version: string): PypiReleaseValues {
  const doc = parsePypiJson(text, asked)
  if (doc.info.version !== version)
    throw refuse(
      'identity',
      asked,
      `release ${excerpt(version, 40)} asked, ${excerpt(String(doc.info.version), 40)} served`,
    )
  return mapRelease(doc.info)
}

const LICENSE_CLASSIFIER = /^License :: (?:OSI Approved :: |DFSG approved :: )?(.+)$/

function mapRelease(info: Info): PypiReleaseValues {
  const urls = projectUrls(info.project_urls)
  const classifiers = Array.isArray(info.classifiers) ? info.classifiers.filter((c) => typeof c === 'string') : []
  const fromClassifiers = classifiers
    .map((c) => LICENSE_CLASSIFIER.exec(c)?.[1])
    .filter((l): l is string => l !== undefined && l !== 'OSI Approved' && !l.includes('::'))
  const expression = str(info.license_expression)
  // a License field holding a whole license text is not a license's name (core metadata 2.1 asks for a short name)
  const short = str(info.license)
  const field = short && short.length <= 120 && !short.includes('\n') ? short : null
  const [license, licenseFrom] = expression
    ? [normaliseDeclaredLicense(expression), 'license_expression' as const]
    : field && !/^(unknown|none|other)$/i.test(field)
      ? [normaliseDeclaredLicense(field), 'license' as const]
      : fromClassifiers.length
        ? [normaliseDeclaredLicense(fromClassifiers), 'classifiers' as const]
        : [null, null]
  const homepageUrl = str(info.home_page) ?? pick(urls, /^home\s*page$|^homepage$/i)
  return {
    version: String(info.version ?? ''),
    license,
    licenseFrom,
    requiresDist: Array.isArray(info.requires_dist) ? info.requires_dist.filter((r) => typeof r === 'string') : [],
    requiresPython: str(info.requires_python),
    description: str(info.summary),
    homepageUrl,
    repositoryUrl: repositoryUrl(
      Object.entries(urls).map(([label, url]) => ({ label, url })),
      homepageUrl,
    ),
    projectUrls: urls,
  }
}

function projectUrls(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!raw || typeof raw !== 'object') return out
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string' && /^https?:\/\//.test(v)) out[k] = v
  return out
}

function pick(urls: Record<string, string>, label: RegExp): string | null {
  return Object.entries(urls).find(([k]) => label.test(k.trim()))?.[1] ?? null
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null
}

function refuse(kind: 'format' | 'identity', asked: string, why: string): UpstreamRefused {
  return new UpstreamRefused(kind, `the JSON API document of "${excerpt(asked, 80)}" refused: ${why}`)
}
