// Folder scan results (docs/explorer.md): a folder-hash request (`compintel hash` output) sent to
// POST /v2/scanning/hfh/scan, or a results document already made (`{"results": [...]}`), shown per folder with the
// components identified, best first.
import { useState } from 'preact/hooks'
import { post } from '../api.ts'
import { DocumentForm } from '../document-form.tsx'
import { Section } from '../parts.tsx'
import { componentHref } from '../router.ts'

interface Results {
  results: {
    path_id: string
    components: {
      purl: string
      name: string
      rank: number
      order: number
      versions: { version: string; score: number }[]
    }[]
  }[]
}

export function FoldersPage() {
  const [results, setResults] = useState<Results | undefined>()
  const read = async (text: string) => {
    setResults(undefined)
    const doc = JSON.parse(text) as Partial<Results> & { root?: unknown }
    if (Array.isArray(doc.results)) setResults(doc as Results)
    else if (doc.root) setResults(await post<Results>('/v2/scanning/hfh/scan', doc))
    else throw new Error('expected a folder-hash request ({"root": …}) or scan results ({"results": […]})')
  }
  return (
    <>
      <h1>Folder scan results</h1>
      <DocumentForm
        id="hfh"
        fileLabel="A folder-hash request (compintel hash) or scan results, as a JSON file"
        pasteLabel="or paste it"
        submitLabel="Show the components"
        busyLabel="Scanning…"
        onText={read}
      />
      {results && (
        <div aria-live="polite">
          <p>
            {results.results.filter((r) => r.components.length > 0).length} of {results.results.length} folders
            identified
          </p>
          {results.results.map((r) => (
            <Section key={r.path_id} title={r.path_id || '/'} id={`f-${r.path_id.replace(/[^A-Za-z0-9_-]/g, '-')}`}>
              {r.components.length === 0 ? (
                <p class="muted">No component identified.</p>
              ) : (
                <ol>
                  {[...r.components]
                    .sort((a, b) => a.order - b.order)
                    .map((c) => (
                      <li key={c.purl}>
                        <a href={componentHref(c.purl)}>{c.name}</a> <code>{c.purl}</code>, rank {c.rank}
                        {c.versions.length > 0 &&
                          `: ${c.versions.map((v) => `${v.version} (${Math.round(v.score * 100)}%)`).join(', ')}`}
                      </li>
                    ))}
                </ol>
              )}
            </Section>
          ))}
        </div>
      )}
    </>
  )
}
