// What the code of the chosen version holds: cryptographic algorithms and code statistics.
import { post } from '../api.ts'
import { type EnrichedBom, enrichedBom } from '../enriched.ts'
import { useLoad } from '../load.ts'
import { ExternalLink, Outcome, type Outcomes, Pending, Section } from '../parts.tsx'
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
  const levels = useLoad(() => enrichedBom(ref_.purl, ref_.requirement), [ref_.purl, ref_.requirement])
  const quantum = levels.state === 'ok' ? quantumLevels(levels.data) : new Map<string, number>()
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
              <Quantum level={quantum.get(x.algorithm)} />
            </li>
          ))}
        </ul>
      )}
      {a && a.algorithms.length > 0 && <Hints ref_={ref_} />}
      {a && <AcrossVersions purl={ref_.purl} here={a.algorithms.map((x) => x.algorithm)} />}
    </Section>
  )
}

/** The enriched CycloneDX document's cryptographic assets: the NIST quantum security level of each algorithm id. */
function quantumLevels(bom: EnrichedBom): Map<string, number> {
  const out = new Map<string, number>()
  for (const c of bom.components ?? []) {
    const id = c.properties?.find((p) => p.name === 'compintel:algorithm-id')?.value
    const level = c.cryptoProperties?.algorithmProperties?.nistQuantumSecurityLevel
    if (c.type === 'cryptographic-asset' && id && level !== undefined) out.set(id, level)
  }
  return out
}

/** Quantum safety where the catalogue or a standard gives the NIST level (0: broken by a quantum computer). */
function Quantum({ level }: { level: number | undefined }) {
  if (level === undefined) return null
  return <span class="muted">{level > 0 ? ` · quantum-safe (NIST level ${level})` : ' · not quantum-safe'}</span>
}

interface HintsAnswer {
  components: ({ hints: { id: string; name: string; category: string; url: string }[] } & Outcomes)[]
}

/** The cryptographic libraries, SDKs, frameworks and protocols the version uses. */
function Hints({ ref_ }: { ref_: Ref }) {
  const loaded = useLoad(
    () => post<HintsAnswer>('/v2/cryptography/hints/components', { components: [ref_] }),
    [ref_.purl, ref_.requirement],
  )
  const hints = loaded.state === 'ok' ? (loaded.data.components[0]?.hints ?? []) : []
  if (hints.length === 0) return null
  return (
    <>
      <h3>Libraries and protocols</h3>
      <ul>
        {hints.map((h) => (
          <li key={h.id}>
            <ExternalLink url={h.url}>{h.name}</ExternalLink> <span class="muted">{h.category}</span>
          </li>
        ))}
      </ul>
    </>
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
