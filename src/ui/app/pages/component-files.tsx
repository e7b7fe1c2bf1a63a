// What the files of the chosen version hold: static-analysis findings by file, and the attribution notices it ships.
import { post } from '../api.ts'
import { useLoad } from '../load.ts'
import { Outcome, type Outcomes, Pending, Section, SeverityChip } from '../parts.tsx'
import type { Ref } from './component-vulns.tsx'

interface IssuesAnswer {
  components: ({
    files: { path: string; issues: { ruleID: string; from: string; to: string; severity: string }[] }[]
    ruleset_version?: string
  } & Outcomes)[]
}

export function Issues({ ref_ }: { ref_: Ref }) {
  const loaded = useLoad(
    () => post<IssuesAnswer>('/v2/semgrep/issues/components', { components: [ref_] }),
    [ref_.purl, ref_.requirement],
  )
  const a = loaded.state === 'ok' ? loaded.data.components[0] : undefined
  const count = a?.files.reduce((n, f) => n + f.issues.length, 0) ?? 0
  return (
    <Section
      title={`Static-analysis findings${a ? ` (${count})` : ''}`}
      id="issues"
      source={a?.ruleset_version ? `the semgrep rule set ${a.ruleset_version}` : 'the semgrep rule set'}
    >
      <Pending loaded={loaded} />
      {a && <Outcome answer={a} />}
      {a && a.files.length === 0 && !a.error_code && <p>No finding.</p>}
      {a?.files.map((f) => (
        <details key={f.path}>
          <summary>
            <code>{f.path}</code> ({f.issues.length})
          </summary>
          <ul>
            {f.issues.map((i) => (
              <li key={`${i.ruleID}:${i.from}`}>
                <SeverityChip severity={i.severity} /> <code>{i.ruleID}</code> line {i.from}
                {i.to !== i.from ? `–${i.to}` : ''}
              </li>
            ))}
          </ul>
        </details>
      ))}
    </Section>
  )
}

interface NoticesAnswer {
  attributions: ({ notices: { notice_text: string; source: string; notice_md5: string }[] } & Outcomes)[]
}

export function Notices({ ref_ }: { ref_: Ref }) {
  const loaded = useLoad(
    () => post<NoticesAnswer>('/v2/attribution-notices/components', { components: [ref_] }),
    [ref_.purl, ref_.requirement],
  )
  const a = loaded.state === 'ok' ? loaded.data.attributions[0] : undefined
  return (
    <Section title="Attribution notices" id="notices" source="the license, NOTICE and AUTHORS files it ships">
      <Pending loaded={loaded} />
      {a && <Outcome answer={a} />}
      {a && a.notices.length === 0 && !a.error_code && <p>No notice file.</p>}
      {a?.notices.map((n) => (
        <details key={n.notice_md5 + n.source}>
          <summary>
            <code>{n.source}</code>
          </summary>
          <pre class="details">{n.notice_text}</pre>
        </details>
      ))}
    </Section>
  )
}
