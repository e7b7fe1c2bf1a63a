// The explorer's shell (docs/explorer.md): landmarks, navigation, the API key form, and the page the path names.
import './style.css'
import { render } from 'preact'
import { useEffect, useRef } from 'preact/hooks'
import { KeyForm } from './key-form.tsx'
import { AdvisoryPage } from './pages/advisory.tsx'
import { ComponentPage } from './pages/component.tsx'
import { FoldersPage } from './pages/folders.tsx'
import { ReportPage } from './pages/report.tsx'
import { SearchPage } from './pages/search.tsx'
import { BASE, usePath } from './router.ts'

function Page({ path }: { path: string }) {
  const rest = path.split('?')[0]?.slice(BASE.length + 1) ?? ''
  const [kind, ...subject] = rest.split('/')
  const arg = decodeURIComponent(subject.join('/'))
  if (kind === 'component' && arg) return <ComponentPage purl={arg} />
  if (kind === 'advisory' && arg) return <AdvisoryPage id={arg} />
  if (kind === 'report') return <ReportPage />
  if (kind === 'folders') return <FoldersPage />
  return <SearchPage />
}

function App() {
  const path = usePath()
  const main = useRef<HTMLElement>(null)
  // a new page takes the focus, so keyboard and screen-reader users start at its top
  useEffect(() => main.current?.focus(), [path])
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href={`${BASE}/`}>
          compintel
        </a>
        <nav aria-label="Explorer">
          <a href={`${BASE}/`}>Search</a>
          <a href={`${BASE}/report`}>Project report</a>
          <a href={`${BASE}/folders`}>Folder scan</a>
        </nav>
        <KeyForm />
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {/* one element per location: a new page replaces the old one's whole tree */}
        <div key={path} class="page">
          <Page path={path} />
        </div>
      </main>
    </>
  )
}

const root = document.getElementById('app')
if (root) render(<App />, root)
