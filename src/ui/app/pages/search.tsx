// Search (docs/explorer.md): one box for a name, a purl or an advisory id, an ecosystem filter, the hits in the
// search endpoint's order. A purl opens its component, an advisory id (CVE, GHSA, OSV ids) its advisory.
import { useEffect, useRef, useState } from 'preact/hooks'
import { get } from '../api.ts'
import { useLoad } from '../load.ts'
import { Pending } from '../parts.tsx'
import { advisoryHref, BASE, componentHref, navigate } from '../router.ts'

interface Hit {
  name: string
  purl: string
  url: string
}

const ECOSYSTEMS = ['', 'npm', 'deb', 'pypi', 'golang', 'cargo', 'maven', 'github']
const ADVISORY_ID = /^(CVE-\d{4}-\d{4,}|GHSA(-[23456789cfghjmpqrvwx]{4}){3}|[A-Z][A-Za-z0-9]*-[A-Za-z0-9._:-]+)$/

export function SearchPage() {
  const params = new URLSearchParams(location.search)
  const q = params.get('q') ?? ''
  const eco = params.get('package') ?? ''
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(q)
  useEffect(() => input.current?.focus(), [])
  return (
    <>
      <h1>Search components and advisories</h1>
      <search>
        <form
          class="search"
          onSubmit={(e) => {
            e.preventDefault()
            const value = text.trim()
            const form = e.currentTarget as HTMLFormElement
            const ecosystem = (form.elements.namedItem('package') as HTMLSelectElement).value
            if (value.startsWith('pkg:')) return navigate(componentHref(value))
            if (ADVISORY_ID.test(value) && !value.includes(' ') && /\d/.test(value))
              return navigate(advisoryHref(value))
            const query = new URLSearchParams({ q: value, ...(ecosystem ? { package: ecosystem } : {}) })
            navigate(`${BASE}/?${query}`)
          }}
        >
          <label for="q">Name, purl or advisory id</label>
          <input
            id="q"
            ref={input}
            onKeyDown={(e) => {
              // keyboard first: the down arrow goes from the box to the first hit
              if (e.key !== 'ArrowDown') return
              const first = document.querySelector<HTMLAnchorElement>('.hits a')
              if (first) {
                e.preventDefault()
                first.focus()
              }
            }}
            name="q"
            type="search"
            value={text}
            onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)}
            placeholder="express, pkg:deb/debian/libssl3, CVE-2023-0286"
            autoComplete="off"
          />
          <label for="package">Ecosystem</label>
          <select id="package" name="package" value={eco}>
            {ECOSYSTEMS.map((e) => (
              <option value={e} key={e}>
                {e || 'any'}
              </option>
            ))}
          </select>
          <button type="submit">Search</button>
        </form>
      </search>
      {q && <Results q={q} eco={eco} />}
    </>
  )
}

function Results({ q, eco }: { q: string; eco: string }) {
  const loaded = useLoad(
    () => get<{ components: Hit[] }>('/v2/components/search', { search: q, package: eco, limit: 50 }),
    [q, eco],
  )
  if (loaded.state !== 'ok') return <Pending loaded={loaded} />
  const hits = loaded.data.components
  return (
    <section aria-labelledby="results">
      <h2 id="results">
        {hits.length} {hits.length === 1 ? 'component' : 'components'} for “{q}”
      </h2>
      <ol class="hits" onKeyDown={moveBetweenHits}>
        {hits.map((h) => (
          <li key={h.purl}>
            <a href={componentHref(h.purl)}>{h.name}</a> <code>{h.purl}</code>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Up and down arrows move between the hits (and up from the first one back to the search box). */
function moveBetweenHits(e: KeyboardEvent) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.hits a')]
  const at = links.indexOf(document.activeElement as HTMLAnchorElement)
  if (at < 0) return
  e.preventDefault()
  const next = e.key === 'ArrowDown' ? links[Math.min(at + 1, links.length - 1)] : links[at - 1]
  if (next) next.focus()
  else document.getElementById('q')?.focus()
}
