// The component page (docs/explorer.md): a purl and a chosen version (?version=, else the latest), its header and
// version picker, then one section per question the API answers, each loading on its own.
import { get } from '../api.ts'
import { useLoad } from '../load.ts'
import { ExternalLink, Pending, Section } from '../parts.tsx'
import { componentHref, navigate } from '../router.ts'
import { Cryptography, Statistics } from './component-code.tsx'
import { Dependencies } from './component-deps.tsx'
import { Licenses, Origin } from './component-facts.tsx'
import { Issues, Notices } from './component-files.tsx'
import { Vulnerabilities } from './component-vulns.tsx'

interface VersionsAnswer {
  component: {
    name: string
    purl: string
    url: string
    source_purl: string
    versions: { version: string; date: string }[]
  }
}
interface StatusAnswer {
  component_status: { status?: string; error_message?: string; last_indexed_date?: string }
  /** Of the latest version (the request names none). */
  version_status?: { version: string; status: string }
}

/** The purl without its @version, and the version it names ('' when none). */
function split(purl: string): { base: string; version: string } {
  const m = /^([^@?#]+)(?:@([^?#]*))?(.*)$/.exec(purl)
  return m ? { base: `${m[1]}${m[3] ?? ''}`, version: decodeURIComponent(m[2] ?? '') } : { base: purl, version: '' }
}

export function ComponentPage({ purl }: { purl: string }) {
  const { base, version: inPurl } = split(purl)
  const asked = new URLSearchParams(location.search).get('version') ?? inPurl
  const versions = useLoad(() => get<VersionsAnswer>('/v2/components/versions', { purl: base, limit: 1000 }), [base])
  const status = useLoad(() => get<StatusAnswer>('/v2/components/status/component', { purl: base }), [base])
  const list = versions.state === 'ok' ? versions.data.component.versions : []
  const latest = status.state === 'ok' ? (status.data.version_status?.version ?? '') : ''
  const version = asked || latest
  const ref = { purl: base, requirement: version }
  return (
    <>
      <h1>
        <code>{base}</code>
      </h1>
      <Pending loaded={versions} />
      {versions.state === 'ok' && (
        <dl class="facts">
          <dt>Name</dt>
          <dd>{versions.data.component.name}</dd>
          <dt>Status</dt>
          <dd>{status.state === 'ok' ? (status.data.component_status.status ?? 'unknown') : '…'}</dd>
          <dt>Latest</dt>
          <dd>{latest || '—'}</dd>
          <dt>Indexed</dt>
          <dd>
            {status.state === 'ok' && status.data.component_status.last_indexed_date
              ? status.data.component_status.last_indexed_date.slice(0, 10)
              : '—'}
          </dd>
          <dt>Source</dt>
          <dd>
            <Source purl={versions.data.component.source_purl} />
          </dd>
          <dt>Project</dt>
          <dd>{versions.data.component.url ? <ExternalLink url={versions.data.component.url} /> : '—'}</dd>
        </dl>
      )}
      {list.length > 0 && (
        <p>
          <label for="version">Version</label>{' '}
          <select
            id="version"
            value={version}
            onChange={(e) =>
              navigate(
                `${componentHref(base)}?version=${encodeURIComponent((e.currentTarget as HTMLSelectElement).value)}`,
              )
            }
          >
            {list.map((v) => (
              <option key={v.version} value={v.version}>
                {v.version}
                {v.date ? ` (${v.date.slice(0, 10)})` : ''}
              </option>
            ))}
          </select>
        </p>
      )}
      {version && (
        <div class="grid">
          <Vulnerabilities ref_={ref} versions={list.map((v) => v.version)} />
          <Dependencies ref_={ref} />
          <Licenses ref_={ref} />
          <Cryptography ref_={ref} />
          <Statistics ref_={ref} />
          <Origin ref_={ref} />
          <Issues ref_={ref} />
          <Notices ref_={ref} />
        </div>
      )}
      {!version && status.state === 'ok' && (
        <Section title="Not known" id="unknown">
          <p>{status.data.component_status.error_message ?? 'No version of this component is known.'}</p>
        </Section>
      )}
    </>
  )
}

/** The component's source repository (a GitHub one as a link) or source package, or a dash. */
function Source({ purl }: { purl: string }) {
  const github = /^pkg:github\/([^/@?#]+)\/([^/@?#]+)/.exec(purl)
  if (github) return <ExternalLink url={`https://github.com/${github[1]}/${github[2]}`}>{purl}</ExternalLink>
  if (purl.startsWith('pkg:')) return <a href={componentHref(purl.replace(/\?.*$/, ''))}>{purl}</a>
  return <>—</>
}
