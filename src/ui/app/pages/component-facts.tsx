// Licenses and contributor origin of the chosen version.
import { get, post } from '../api.ts'
import { BarChart } from '../bar-chart.tsx'
import { enrichedBom, licenseOrigin } from '../enriched.ts'
import { useLoad } from '../load.ts'
import { ExternalLink, Outcome, type Outcomes, Pending, Section } from '../parts.tsx'
import type { Ref } from './component-vulns.tsx'

interface LicenseAnswer {
  components: ({
    version: string
    statement: string
    licenses: { id: string; full_name: string; url: string }[]
  } & Outcomes)[]
}

export function Licenses({ ref_ }: { ref_: Ref }) {
  const loaded = useLoad(
    () => post<LicenseAnswer>('/v2/licenses/components', { components: [ref_] }),
    [ref_.purl, ref_.requirement],
  )
  const a = loaded.state === 'ok' ? loaded.data.components[0] : undefined
  const bom = useLoad(() => enrichedBom(ref_.purl, ref_.requirement), [ref_.purl, ref_.requirement])
  const origin = bom.state === 'ok' ? licenseOrigin(bom.data) : undefined
  return (
    <Section
      title="Licenses"
      id="licenses"
      source="declared by the registry or package, else found in its files; copyleft and obligations from OSADL's checklists"
    >
      <Pending loaded={loaded} />
      {a && <Outcome answer={a} />}
      {a?.statement && (
        <p>
          <code>{a.statement}</code>
          {a.version && a.version !== ref_.requirement ? ` (of version ${a.version})` : ''}
        </p>
      )}
      {origin && (origin.declared || origin.detected.length > 0) && (
        <dl class="facts">
          <dt>Declared</dt>
          <dd>{origin.declared || '—'}</dd>
          <dt>Found in its files</dt>
          <dd>{origin.detected.join(', ') || '—'}</dd>
        </dl>
      )}
      {a && a.licenses.length > 0 && (
        <ul>
          {a.licenses.map((l) => (
            <li key={l.id}>
              <ExternalLink url={l.url}>{l.id}</ExternalLink> {l.full_name}
              {l.url && <LicenseObligations id={l.id} />}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

interface ObligationsAnswer {
  obligations: {
    copyleft_clause?: boolean
    incompatibility: string[]
    use_cases: { name: string; obligation_text: string }[]
    info_code?: string
  }
}

/** OSADL's copyleft clause of a license on the SPDX list, and its checklist's use cases; nothing where OSADL has none. */
function LicenseObligations({ id }: { id: string }) {
  const loaded = useLoad(() => get<ObligationsAnswer>('/v2/licenses/obligations', { id }), [id])
  if (loaded.state !== 'ok' || loaded.data.obligations.info_code) return null
  const o = loaded.data.obligations
  return (
    <>
      {o.copyleft_clause !== undefined && (
        <span class="chip">{o.copyleft_clause ? 'copyleft clause' : 'no copyleft clause'}</span>
      )}
      {o.use_cases.length > 0 && (
        <details>
          <summary>Obligations (OSADL checklist)</summary>
          {o.use_cases.map((u) => (
            <div key={u.name}>
              <h3>{u.name}</h3>
              <pre class="details">{u.obligation_text || '(none)'}</pre>
            </div>
          ))}
          {o.incompatibility.length > 0 && (
            <p>
              Incompatible in software under {id}: {o.incompatibility.join(', ')}
            </p>
          )}
        </details>
      )}
    </>
  )
}

interface OriginAnswer {
  components_locations: ({ locations: { name: string; percentage: number }[]; sources: string[] } & Outcomes)[]
}

export function Origin({ ref_ }: { ref_: Ref }) {
  const loaded = useLoad(
    () => post<OriginAnswer>('/v2/geoprovenance/origin/components', { components: [{ purl: ref_.purl }] }),
    [ref_.purl],
  )
  const a = loaded.state === 'ok' ? loaded.data.components_locations[0] : undefined
  return (
    <Section
      title="Contributor origin"
      id="origin"
      source={a && a.sources.length > 0 ? `time-zone offsets of ${a.sources.join(', ')}` : 'commit time zones'}
    >
      <Pending loaded={loaded} />
      {a && <Outcome answer={a} />}
      {a && a.locations.length > 0 && (
        <BarChart
          horizontal
          labels={a.locations.map((l) => l.name)}
          values={a.locations.map((l) => l.percentage)}
          colors={a.locations.map(() => '#0550ae')}
          unit="%"
          label={`Contributor origin: ${a.locations.map((l) => `${l.name} ${l.percentage.toFixed(1)}%`).join(', ')}`}
        />
      )}
      {a && a.locations.length > 0 && (
        <table>
          <caption class="sr-only">Countries of the contributors</caption>
          <thead>
            <tr>
              <th scope="col">Country</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {a.locations.map((l) => (
              <tr key={l.name}>
                <td>{l.name}</td>
                <td>
                  <meter min={0} max={100} value={l.percentage} aria-label={`${l.name} share`} />{' '}
                  {l.percentage.toFixed(2)}%
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  )
}
