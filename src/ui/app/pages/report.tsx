// The project report (docs/explorer.md): a package-lock.json, a CycloneDX or SPDX document or a list of purls, read
// from a file or pasted, enriched by POST /v2/sbom/enrich; counts by severity, license and algorithm at the top, a
// sortable table of the components, and the enriched CycloneDX document to download.
import { useMemo, useState } from 'preact/hooks'
import { postText } from '../api.ts'
import { DocumentForm } from '../document-form.tsx'
import { Section } from '../parts.tsx'
import { componentHref } from '../router.ts'
import { type Bom, type Row, readReport } from './report-read.ts'

type Sort = { key: keyof Row; down: boolean }

export function ReportPage() {
  const [bom, setBom] = useState<Bom | undefined>()
  const [sort, setSort] = useState<Sort>({ key: 'worst', down: true })
  const report = useMemo(() => (bom ? readReport(bom) : undefined), [bom])
  const download = useMemo(
    () => (bom ? URL.createObjectURL(new Blob([JSON.stringify(bom, null, 2)], { type: 'application/json' })) : ''),
    [bom],
  )
  const rows = report ? [...report.rows].sort(by(sort)) : []
  return (
    <>
      <h1>Project report</h1>
      <DocumentForm
        id="sbom"
        fileLabel="A package-lock.json, CycloneDX or SPDX JSON file"
        pasteLabel="or paste one, or purls (one per line)"
        submitLabel="Make the report"
        busyLabel="Enriching…"
        onText={async (text) => {
          setBom(undefined)
          setBom(await postText<Bom>('/v2/sbom/enrich', text))
        }}
      />
      {report && bom && (
        <>
          <div class="grid" aria-live="polite">
            <Section title="Vulnerabilities by severity" id="r-sev" source="the VEX part of the enriched document">
              <Counts counts={report.severities} empty="No known vulnerability." />
            </Section>
            <Section title="Licenses" id="r-lic" source="declared, else found in the files">
              <Counts counts={report.licenses} empty="No license known." />
            </Section>
            <Section title="Cryptography" id="r-crypto" source="the cryptographic assets of the enriched document">
              <Counts counts={report.algorithms} empty="No cryptographic algorithm found." />
            </Section>
          </div>
          <p>
            <a download="bom.enriched.cdx.json" href={download}>
              Download the enriched SBOM (CycloneDX)
            </a>
          </p>
          <table class="sortable">
            <caption>{rows.length} components</caption>
            <thead>
              <tr>
                {(['name', 'version', 'licenses', 'vulnerabilities', 'worst'] as const).map((key) => (
                  <th
                    key={key}
                    scope="col"
                    aria-sort={sort.key === key ? (sort.down ? 'descending' : 'ascending') : 'none'}
                  >
                    <button
                      type="button"
                      onClick={() => setSort({ key, down: sort.key === key ? !sort.down : key === 'worst' })}
                    >
                      {LABELS[key]}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.ref}>
                  <td>{r.purl ? <a href={componentHref(r.purl)}>{r.name}</a> : r.name}</td>
                  <td>{r.version}</td>
                  <td>{r.licenses || '—'}</td>
                  <td>{r.vulnerabilities}</td>
                  <td>{r.worstLabel || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  )
}

const LABELS: Record<'name' | 'version' | 'licenses' | 'vulnerabilities' | 'worst', string> = {
  name: 'Component',
  version: 'Version',
  licenses: 'Licenses',
  vulnerabilities: 'Vulnerabilities',
  worst: 'Worst severity',
}

function by(sort: Sort) {
  return (a: Row, b: Row) => {
    const x = a[sort.key]
    const y = b[sort.key]
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))
    return (sort.down ? -order : order) || a.name.localeCompare(b.name)
  }
}

function Counts({ counts, empty }: { counts: [string, number][]; empty: string }) {
  if (counts.length === 0) return <p>{empty}</p>
  return (
    <table>
      <tbody>
        {counts.map(([name, n]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{n}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
