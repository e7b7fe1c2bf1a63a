// A Python distribution's core metadata (PyPA "Core metadata specifications", versions 1.0–2.4): the header block of
// a dist-info `METADATA` or an egg-info `PKG-INFO` file, RFC 822 style: `Field: value` lines, a line that starts
// with white space continuing the previous field's value, the first blank line ending the headers (the description
// body follows). The fields the KB keeps are read; several may repeat (Classifier, Requires-Dist, Project-URL). The
// file comes from a package's archive: read at most MAX_METADATA bytes, each value at most MAX_VALUE characters.

export interface CoreMetadata {
  metadataVersion: string
  name: string
  version: string
  summary: string
  homePage: string
  /** `label, url` pairs of Project-URL. */
  projectUrls: { label: string; url: string }[]
  /** The License field (setuptools' `UNKNOWN` as none). */
  license: string
  /** License-Expression (metadata 2.4): an SPDX expression. */
  licenseExpression: string
  classifiers: string[]
  /** Each Requires-Dist line, as written (PEP 508). */
  requiresDist: string[]
  requiresPython: string
}

/** The headers of the largest real files are a few kilobytes; a description may be long, and is never read. */
export const MAX_METADATA = 1024 * 1024
const MAX_VALUE = 64 * 1024
const MAX_REPEATS = 2000

/** Why a metadata text is refused (no Name or Version: not a distribution's metadata). */
export class MetadataError extends Error {
  override readonly name = 'MetadataError'
}

/** The header fields, each name lower-cased, in order (a field given again adds a value). */
export function metadataFields(text: string): Map<string, string[]> {
  const fields = new Map<string, string[]>()
  let last: string[] | undefined
  for (const line of text.slice(0, MAX_METADATA).split(/\r?\n/)) {
    // the headers end at an empty line (a line of spaces continues a value: a license text's blank lines)
    if (line === '') break
    if (/^[ \t]/.test(line)) {
      // a continuation: folded into the last value (the `        |` of old PKG-INFO descriptions as is)
      if (last && last.length > 0) {
        const i = last.length - 1
        last[i] = `${last[i]}\n${line.trim()}`.slice(0, MAX_VALUE)
      }
      continue
    }
    const colon = line.indexOf(':')
    if (colon <= 0) {
      last = undefined // not a header line: skipped, and nothing continues it
      continue
    }
    const name = line.slice(0, colon).trim().toLowerCase()
    const values = fields.get(name) ?? []
    fields.set(name, values)
    last = values.length < MAX_REPEATS ? values : undefined
    last?.push(
      line
        .slice(colon + 1)
        .trim()
        .slice(0, MAX_VALUE),
    )
  }
  return fields
}

/** The metadata the KB keeps; a MetadataError when Name or Version is missing. */
export function parseCoreMetadata(text: string): CoreMetadata {
  const f = metadataFields(text)
  const one = (name: string) => f.get(name)?.[0] ?? ''
  const all = (name: string) => (f.get(name) ?? []).filter((v) => v !== '')
  const name = one('name')
  const version = one('version')
  if (!name || !version) throw new MetadataError(`no ${name ? 'Version' : 'Name'} in the metadata`)
  const license = one('license')
  return {
    metadataVersion: one('metadata-version'),
    name,
    version,
    summary: one('summary'),
    homePage: unknownAsNone(one('home-page')),
    projectUrls: all('project-url').flatMap((v) => {
      const comma = v.indexOf(',')
      return comma > 0 ? [{ label: v.slice(0, comma).trim(), url: v.slice(comma + 1).trim() }] : []
    }),
    license: unknownAsNone(license),
    licenseExpression: one('license-expression'),
    classifiers: all('classifier'),
    requiresDist: all('requires-dist'),
    requiresPython: one('requires-python'),
  }
}

/** setuptools writes `UNKNOWN` for a field the project left empty (before 59.x). */
function unknownAsNone(v: string): string {
  return v === 'UNKNOWN' ? '' : v
}
