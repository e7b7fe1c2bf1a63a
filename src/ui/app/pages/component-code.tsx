// What the code of the chosen version holds: cryptographic algorithms and code statistics.
import { post } from '../api.ts'
import { useLoad } from '../load.ts'
import { Outcome, type Outcomes, Pending, Section } from '../parts.tsx'
import type { Ref } from './component-vulns.tsx'

interface CryptoAnswer {
  components: ({ version: string; algorithms: { algorithm: string; strength: string }[] } & Outcomes)[]
}

export function Cryptography({ ref_ }: { ref_: Ref }) {
  const loaded = useLoad(
    () => post<CryptoAnswer>('/v2/cryptography/algorithms/components', { components: [ref_] }),
    [ref_.purl, ref_.requirement],
  )
  const a = loaded.state === 'ok' ? loaded.data.components[0] : undefined
  return (
    <Section title="Cryptography" id="crypto" source="the crypto analyzer over the package's files">
      <Pending loaded={loaded} />
      {a && <Outcome answer={a} />}
      {a && a.algorithms.length === 0 && !a.error_code && <p>No cryptographic algorithm found.</p>}
      {a && a.algorithms.length > 0 && (
        <ul class="chips">
          {a.algorithms.map((x) => (
            <li key={x.algorithm} class={`chip strength-${x.strength.toLowerCase()}`}>
              {x.algorithm} <span class="muted">{x.strength}</span>
            </li>
          ))}
        </ul>
      )}
      {a && <AcrossVersions purl={ref_.purl} here={a.algorithms.map((x) => x.algorithm)} />}
    </Section>
  )
}

interface RangeAnswer {
  components: ({ versions: string[]; algorithms: { algorithm: string; strength: string }[] } & Outcomes)[]
}

/** How the algorithms change across the analyzed versions: the ones other versions use and this one does not. */
function AcrossVersions({ purl, here }: { purl: string; here: string[] }) {
  const loaded = useLoad(
    () =>
      post<RangeAnswer>('/v2/cryptography/algorithms/range/components', { components: [{ purl, requirement: '>=0' }] }),
    [purl],
  )
  const a = loaded.state === 'ok' ? loaded.data.components[0] : undefined
  if (!a || a.error_code || a.versions.length === 0) return null
  const elsewhere = a.algorithms.filter((x) => !here.includes(x.algorithm)).map((x) => x.algorithm)
  return (
    <>
      <h3>Across versions</h3>
      <p>
        {a.versions.length} analyzed {a.versions.length === 1 ? 'version uses' : 'versions use'} cryptography (
        {a.versions.join(', ')}).{' '}
        {elsewhere.length > 0
          ? `Used by other versions, not by this one: ${elsewhere.join(', ')}.`
          : 'No other version uses an algorithm this one does not.'}
      </p>
    </>
  )
}

interface StatsAnswer {
  component_statistics: ({
    statistics: {
      total_source_files: number
      total_lines: number
      languages: { name: string; files: number }[]
    }
  } & Outcomes)[]
}

export function Statistics({ ref_ }: { ref_: Ref }) {
  const loaded = useLoad(
    () => post<StatsAnswer>('/v2/components/statistics', { components: [ref_] }),
    [ref_.purl, ref_.requirement],
  )
  const a = loaded.state === 'ok' ? loaded.data.component_statistics[0] : undefined
  const s = a?.statistics
  return (
    <Section title="Code statistics" id="stats" source="the code-stats analyzer">
      <Pending loaded={loaded} />
      {a && <Outcome answer={a} />}
      {s && (
        <>
          <p>
            {s.total_source_files} source files, {s.total_lines} lines
          </p>
          {s.languages.length > 0 && (
            <ul>
              {s.languages.map((l) => (
                <li key={l.name}>
                  {l.name}: {l.files} files
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  )
}
