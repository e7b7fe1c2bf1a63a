// Paths under /ui/ are the explorer's pages; links are plain <a href> (so they open in new tabs too) and a click on
// one is turned into a history entry without reloading.
import { useEffect, useState } from 'preact/hooks'

export const BASE = '/ui'

/** The page's path and query: a new search on the same page is a new location too. */
export function usePath(): string {
  const here = () => location.pathname + location.search
  const [path, setPath] = useState(here())
  useEffect(() => {
    const onPop = () => setPath(here())
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
      const a = (e.target as Element | null)?.closest?.('a')
      if (!a || a.target || a.origin !== location.origin || !a.pathname.startsWith(`${BASE}/`)) return
      e.preventDefault()
      navigate(a.pathname + a.search)
    }
    addEventListener('popstate', onPop)
    document.addEventListener('click', onClick)
    return () => {
      removeEventListener('popstate', onPop)
      document.removeEventListener('click', onClick)
    }
  }, [])
  return path
}

export function navigate(to: string): void {
  history.pushState(null, '', to)
  dispatchEvent(new PopStateEvent('popstate'))
  scrollTo(0, 0)
}

/** /ui/component/<purl> and /ui/advisory/<id> carry their subject percent-encoded as one path segment. */
export const componentHref = (purl: string) => `${BASE}/component/${encodeURIComponent(purl)}`
export const advisoryHref = (id: string) => `${BASE}/advisory/${encodeURIComponent(id)}`
