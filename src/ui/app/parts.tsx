// Small pieces every page uses: a section with where its facts come from, a loading or error line, severity chips.
import type { ComponentChildren } from 'preact'
import type { Loaded } from './load.ts'

export function Section(props: {
  title: string
  id: string
  source?: string
  /** Across the whole width of the page's grid. */
  wide?: boolean
  children: ComponentChildren
}) {
  return (
    <section aria-labelledby={props.id} class={props.wide ? 'card wide' : 'card'}>
      <h2 id={props.id}>{props.title}</h2>
      {props.children}
      {props.source && <p class="source">Source: {props.source}</p>}
    </section>
  )
}

/** What a load shows until it has data: a status line, or the error. */
export function Pending<T>({ loaded }: { loaded: Loaded<T> }) {
  if (loaded.state === 'loading')
    return (
      <p class="muted" role="status">
        Loading…
      </p>
    )
  if (loaded.state === 'error')
    return (
      <p class="error" role="alert">
        {loaded.message}
      </p>
    )
  return null
}

const SEVERITIES = ['critical', 'high', 'medium', 'moderate', 'low', 'none', 'unknown']
const RANK: Record<string, number> = { critical: 5, high: 4, medium: 3, moderate: 3, low: 2, info: 1, none: 0 }

/** A severity's rank, worst highest (critical 5 … none 0); -1 for one no source rated. */
export const severityRank = (severity: string): number => RANK[severity.toLowerCase()] ?? -1

export function SeverityChip({ severity }: { severity: string }) {
  const s = (severity || 'unknown').toLowerCase()
  return <span class={`chip sev-${SEVERITIES.includes(s) ? s : 'unknown'}`}>{severity || 'Unknown'}</span>
}

/** A vulnerability's entry in CISA's catalogue of known exploited vulnerabilities, as the answers give it. */
export interface Kev {
  cve: string
  date_added: string
  due_date: string
  known_ransomware_campaign_use: string
}

/** CISA's KEV catalogue lists it: the mark, with the date it was added and the due date. */
export function KevMark({ kev }: { kev: Kev }) {
  const ransomware = kev.known_ransomware_campaign_use === 'Known' ? ', used in ransomware campaigns' : ''
  return (
    <span
      class="chip sev-critical kev"
      title={`${kev.cve} is in CISA's catalogue of known exploited vulnerabilities since ${kev.date_added} (action due ${kev.due_date}${ransomware})`}
    >
      Known exploited (since {kev.date_added})
    </span>
  )
}

/** The outcome fields the API attaches to an answer that is not a plain success. */
export interface Outcomes {
  error_code?: string
  error_message?: string
  info_message?: string
}

/** An outcome code the API attached to an answer (NO_INFO, COMPONENT_NOT_FOUND, …), said in words. */
export function Outcome({ answer }: { answer: Outcomes }) {
  if (!answer.error_code) return null
  const message = answer.error_message ?? answer.info_message ?? ''
  if (/being fetched/i.test(message))
    return (
      <p class="muted" role="status">
        Being fetched: {message}
      </p>
    )
  // no information is a fact about the KB, not an error
  if (answer.error_code === 'NO_INFO') return <p class="muted">No information in this knowledge base ({message}).</p>
  return (
    <p class="outcome" role="status">
      {answer.error_code}: {message}
    </p>
  )
}

/**
 * A link out of the explorer to a URL the KB holds (a registry's homepage, an advisory's reference): those are
 * untrusted input, so only http(s) URLs become links; anything else (a `javascript:` URL) is shown as text.
 */
export function ExternalLink({ url, children }: { url: string; children?: ComponentChildren }) {
  if (!/^https?:\/\//i.test(url)) return <span>{children ?? url}</span>
  return (
    <a href={url} rel="noreferrer noopener" target="_blank">
      {children ?? url}
    </a>
  )
}
