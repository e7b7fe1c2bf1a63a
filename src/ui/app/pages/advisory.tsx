// The advisory page (docs/explorer.md): every record the KB holds under an id or naming it, with its KEV mark, severity,
// aliases, every affected package with its ranges and versions, references, and the loaded source and its date.
import { get } from '../api.ts'
import { useLoad } from '../load.ts'
import { ExternalLink, type Kev, KevMark, Pending, Section, SeverityChip } from '../parts.tsx'
import { advisoryHref, componentHref } from '../router.ts'

interface Advisory {
  id: string
  source: string
  other_sources: string[]
  aliases: string[]
  summary: string
  details: string
  published: string
  modified: string
  withdrawn: string
  severity: { type: string; score: string }[]
  database_severity: string
  /** CISA's KEV entry of its CVE, when the catalogue lists it. */
  kev?: Kev
  cwe_ids: string[]
  references: { type: string; url: string }[]
  affected: {
    ecosystem: string
    purl: string
    ranges: { type: string; events: Record<string, string>[] }[]
    versions: string[]
  }[]
}
interface Answer {
  advisories: Advisory[]
  status: { db?: { sources?: { name: string; as_of: string | null; imported_at: string }[] } }
}

export function AdvisoryPage({ id }: { id: string }) {
  const loaded = useLoad(() => get<Answer>('/v2/vulnerabilities/advisory', { id }), [id])
  return (
    <>
      <h1>Advisory {id}</h1>
      <Pending loaded={loaded} />
      {loaded.state === 'ok' &&
        loaded.data.advisories.map((a) => <Record key={a.id} a={a} sources={loaded.data.status.db?.sources ?? []} />)}
    </>
  )
}

function Record({
  a,
  sources,
}: {
  a: Advisory
  sources: { name: string; as_of: string | null; imported_at: string }[]
}) {
  const loadedSource = sources.find((s) => s.name === a.source)
  const slug = a.id.replace(/[^A-Za-z0-9_-]/g, '-')
  return (
    <Section
      title={a.id}
      id={`adv-${slug}`}
      source={`${a.source}${loadedSource ? `, as of ${loadedSource.as_of ?? loadedSource.imported_at.slice(0, 10)}` : ''}`}
    >
      {a.kev && (
        <p>
          <KevMark kev={a.kev} />
        </p>
      )}
      <p class="summary-lead">{a.summary || '(no summary)'}</p>
      {a.withdrawn && <p class="outcome">Withdrawn on {a.withdrawn.slice(0, 10)}</p>}
      <dl class="facts">
        <dt>Severity</dt>
        <dd>
          {a.database_severity ? <SeverityChip severity={a.database_severity} /> : '—'}
          {a.severity.map((s) => (
            <div key={s.score}>
              {s.type} <code class="vector">{s.score}</code>
            </div>
          ))}
        </dd>
        <dt>Aliases</dt>
        <dd>
          {a.aliases.length === 0
            ? '—'
            : a.aliases.map((x, i) => (
                <span key={x}>
                  {i > 0 && ', '}
                  <a href={advisoryHref(x)}>{x}</a>
                </span>
              ))}
        </dd>
        <dt>Published</dt>
        <dd>{a.published ? a.published.slice(0, 10) : '—'}</dd>
        <dt>Modified</dt>
        <dd>{a.modified.slice(0, 10)}</dd>
        {a.cwe_ids.length > 0 && (
          <>
            <dt>Weaknesses</dt>
            <dd>{a.cwe_ids.join(', ')}</dd>
          </>
        )}
      </dl>
      {a.details && <pre class="details">{a.details}</pre>}
      <h3>Affected packages</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Package</th>
            <th scope="col">Ranges</th>
            <th scope="col">Versions</th>
          </tr>
        </thead>
        <tbody>
          {a.affected.map((p) => (
            <tr key={p.purl}>
              <td>
                <a href={componentHref(p.purl)}>{p.purl}</a>
                <div class="muted">{p.ecosystem}</div>
              </td>
              <td>
                {p.ranges.map((r) => (
                  <div key={JSON.stringify(r)}>{rangeText(r)}</div>
                ))}
              </td>
              <td>{p.versions.length > 0 ? p.versions.join(', ') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {a.references.length > 0 && (
        <>
          <h3>References</h3>
          <ul class="refs">
            {a.references.map((r) => (
              <li key={r.url}>
                <span class="muted">{r.type}</span> <ExternalLink url={r.url} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  )
}

/** `>= 1.0.0, < 1.2.3` from OSV events. */
function rangeText(r: { type: string; events: Record<string, string>[] }): string {
  const parts = r.events.map((e) => {
    if (e.introduced !== undefined) return e.introduced === '0' ? 'from the first version' : `>= ${e.introduced}`
    if (e.fixed !== undefined) return `< ${e.fixed} (fixed)`
    if (e.last_affected !== undefined) return `<= ${e.last_affected}`
    if (e.limit !== undefined) return `< ${e.limit}`
    return JSON.stringify(e)
  })
  return `${r.type}: ${parts.join(', ')}`
}
