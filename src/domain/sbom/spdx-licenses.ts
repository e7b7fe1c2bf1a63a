// License expressions as an SPDX 2.3 document writes them (docs/sbom.md "SPDX out"): parsed, operators upper-case,
// and every LicenseRef-… they name declared once in the document's hasExtractedLicensingInfos (SPDX requires it; the
// KB holds the id, not the text, so the text is NOASSERTION). Text that is not an SPDX expression is not written.
import parse from 'spdx-expression-parse'

type Json = Record<string, unknown>

export class SpdxLicenses {
  private readonly declared: Set<string>
  readonly added: Json[] = []

  /** `existing`: the input document's hasExtractedLicensingInfos (their ids are declared already). */
  constructor(existing: unknown) {
    const infos = Array.isArray(existing) ? existing : []
    this.declared = new Set(infos.map((i) => String((i as Json | null)?.licenseId ?? '')))
  }

  /** The expression as SPDX writes it, its LicenseRef-… ids declared; undefined when it is not an SPDX expression. */
  expression(text: string): string | undefined {
    let tree: parse.Info
    try {
      tree = parse(text.trim())
    } catch {
      return undefined
    }
    const refs: string[] = []
    const written = render(tree, undefined, refs)
    // a reference into another document needs that document's externalDocumentRefs entry: not ours to add
    if (refs.some((r) => r.includes(':'))) return undefined
    for (const id of refs)
      if (!this.declared.has(id)) {
        this.declared.add(id)
        this.added.push({
          licenseId: id,
          name: id.slice('LicenseRef-'.length),
          extractedText: 'NOASSERTION',
          comment: 'A license compintel knows by this name only; its text is not part of this document.',
        })
      }
    return written
  }
}

function render(t: parse.Info, parent: string | undefined, refs: string[]): string {
  if ('conjunction' in t) {
    const op = t.conjunction.toUpperCase()
    const s = `${render(t.left, op, refs)} ${op} ${render(t.right, op, refs)}`
    return parent !== undefined && parent !== op ? `(${s})` : s
  }
  if (t.license.includes('LicenseRef-')) refs.push(t.license)
  return `${t.license}${t.plus ? '+' : ''}${t.exception ? ` WITH ${t.exception}` : ''}`
}
