// The vulnerabilities of the chosen version: severity, CVSS, EPSS, fixed versions, each linked to its advisory; those
// CISA lists as known exploited (KEV) marked so and listed first; and the nearest upgrades that fix them (the answer's
// `remediation`).
import { post } from '../api.ts'
import { BarChart } from '../bar-chart.tsx'
import { useLoad } from '../load.ts'
import { type Kev, KevMark, Outcome, type Outcomes, Pending, Section, SeverityChip, severityRank } from '../parts.tsx'
import { advisoryHref } from '../router.ts'

export interface Ref {
  purl: string
  requirement: string
}

interface Vulnerability {
  id: string
  cve: string
  summary: string
  severity: string
  source: string
  cvss: { cvss: string; cvss_score: number; cvss_severity: string }[]
  epss?: { probability: number; percentile: number; score_date: string }
  kev?: Kev
  advisory_ids: string[]
  fixed_versions: string[]
}
type Upgrade = { version: string; same_major: boolean } | null
interface Remediation {
  fixes_all: Upgrade
  fixes_severe?: Upgrade
}
interface Answer {
  components: ({ version: string; vulnerabilities: Vulnerability[]; remediation?: Remediation } & Outcomes)[]
  status?: { db?: { sources?: { name: string; as_of: string | null; imported_at: string }[] } }
}

const pct = (x: number) => `${(x * 100).toFixed(x < 0.001 ? 3 : 1)}%`

export function Vulnerabilities({ ref_, versions }: { ref_: Ref; versions: string[] }) {
  const loaded = useLoad(
    () => post<Answer>('/v2/vulnerabilities/components', { components: [ref_] }),
    [ref_.purl, ref_.requirement],
  )
  const answer = loaded.state === 'ok' ? loaded.data.components[0] : undefined
  // known exploited first, the answer's order kept otherwise
  const list = [...(answer?.vulnerabilities ?? [])].sort((a, b) => Number(!!b.kev) - Number(!!a.kev))
  return (
    <Section
      title={`Vulnerabilities (${answer ? list.length : '…'})`}
      id="vulns"
      source={sourcesOf(list, loaded.state === 'ok' ? (loaded.data.status?.db?.sources ?? []) : [])}
      wide
    >
      <Pending loaded={loaded} />
      {answer && <Outcome answer={answer} />}
      {answer && list.length === 0 && !answer.error_code && <p>No known vulnerability affects {answer.version}.</p>}
      {answer?.remediation && <Upgrades remediation={answer.remediation} count={list.length} />}
      {list.length > 0 && (
        <table>
          <caption class="sr-only">Vulnerabilities of version {answer?.version}</caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Severity</th>
              <th scope="col">CVSS</th>
              <th scope="col">EPSS</th>
              <th scope="col">Fixed in</th>
            </tr>
          </thead>
          <tbody>
            {list.map((v) => (
              <tr key={v.id}>
                <td>
                  <a href={advisoryHref(v.advisory_ids[0] ?? v.id)}>{v.id}</a>
                  {v.kev && ' '}
                  {v.kev && <KevMark kev={v.kev} />}
                  <div class="summary">{v.summary}</div>
                </td>
                <td>
                  <SeverityChip severity={v.severity} />
                  {v.advisory_ids.some((a) => a.startsWith('MAL-')) && <span class="chip sev-critical">malicious</span>}
                </td>
                <td>
                  {v.cvss.map((c) => (
                    <div key={c.cvss}>
                      <strong>{c.cvss_score.toFixed(1)}</strong> <code class="vector">{c.cvss}</code>
                    </div>
                  ))}
                </td>
                <td>{v.epss ? `${pct(v.epss.probability)} (percentile ${pct(v.epss.percentile)})` : '—'}</td>
                <td>{v.fixed_versions.join(', ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {versions.length > 1 && <Timeline purl={ref_.purl} versions={versions} />}
    </Section>
  )
}

/**
 * The nearest upgrade that fixes all the known vulnerabilities (or that none is known), and the one that fixes the
 * critical and high ones when it is another (when no version fixes those, none fixes all either: said once).
 */
function Upgrades({ remediation, count }: { remediation: Remediation; count: number }) {
  const all = remediation.fixes_all
  const severe = remediation.fixes_severe
  const major = (u: NonNullable<Upgrade>) => (u.same_major ? '' : ' (a new major version)')
  const known = count === 1 ? 'the known vulnerability' : `all ${count} known vulnerabilities`
  return (
    <p class="remediation">
      {all ? (
        <>
          <strong>
            Upgrade to {all.version} fixes {known}
          </strong>
          {major(all)}.
        </>
      ) : (
        <>No version this knowledge base knows fixes {known}.</>
      )}
      {severe && severe.version !== all?.version && (
        <>
          {' '}
          Upgrade to {severe.version} fixes the critical and high ones{major(severe)}.
        </>
      )}
    </p>
  )
}

/** The sources of the vulnerabilities shown, each with the date of its newest record (how fresh it is). */
function sourcesOf(
  list: Vulnerability[],
  loaded: { name: string; as_of: string | null; imported_at: string }[],
): string {
  const all = new Set(list.flatMap((v) => v.source.split(',').map((s) => s.trim())).filter(Boolean))
  const dated = (name: string) => {
    const s = loaded.find((x) => x.name === name)
    return s ? `${name} (as of ${(s.as_of ?? s.imported_at).slice(0, 10)})` : name
  }
  if (all.size > 0) return [...all].sort().map(dated).join(', ')
  const kinds = loaded.map((s) => dated(s.name))
  return kinds.length > 0
    ? `the advisories loaded: ${kinds.join(', ')}`
    : 'the advisories loaded into this knowledge base'
}

/** Versions shown on the timeline: the newest ones, oldest first. */
const TIMELINE = 60
const SEVERITY_COLOR: Record<string, string> = {
  critical: '#82071e',
  high: '#a40e26',
  medium: '#7d4e00',
  moderate: '#7d4e00',
  low: '#0a3069',
}

/** Which of the newest versions known vulnerabilities affect, and how many, in one batch of questions. */
function Timeline({ purl, versions }: { purl: string; versions: string[] }) {
  const shown = versions.slice(0, TIMELINE).reverse()
  const loaded = useLoad(
    () =>
      post<Answer>('/v2/vulnerabilities/components', {
        components: shown.map((v) => ({ purl, requirement: v })),
      }),
    [purl, shown.join(',')],
  )
  if (loaded.state !== 'ok') return <Pending loaded={loaded} />
  const rows = loaded.data.components.map((c, i) => {
    const worst = c.vulnerabilities
      .map((v) => v.severity.toLowerCase())
      .reduce((w, s) => (severityRank(s) > severityRank(w) ? s : w), '')
    return { version: shown[i] ?? c.version, count: c.vulnerabilities.length, worst }
  })
  const affected = rows.filter((r) => r.count > 0)
  return (
    <>
      <h3>Versions affected</h3>
      <p>
        {affected.length} of the {rows.length} newest versions have known vulnerabilities.
      </p>
      <BarChart
        labels={rows.map((r) => r.version)}
        values={rows.map((r) => r.count)}
        colors={rows.map((r) => SEVERITY_COLOR[r.worst] ?? '#545d68')}
        unit="vulnerabilities"
        integer
        label={`Known vulnerabilities per version, oldest first: ${rows.map((r) => `${r.version} ${r.count}`).join(', ')}`}
      />
      {affected.length > 0 && (
        <details>
          <summary>The affected versions</summary>
          <ul>
            {affected.map((r) => (
              <li key={r.version}>
                {r.version}: {r.count} ({r.worst || 'unrated'})
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  )
}
