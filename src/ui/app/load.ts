// One way for a page to load what it shows: the state of a request, redone when its inputs change.
import { useEffect, useState } from 'preact/hooks'

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'error'; message: string }

export function useLoad<T>(load: () => Promise<T>, inputs: unknown[]): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' })
  useEffect(() => {
    let live = true
    setLoaded({ state: 'loading' })
    load().then(
      (data) => live && setLoaded({ state: 'ok', data }),
      (err: Error) => live && setLoaded({ state: 'error', message: err.message }),
    )
    return () => {
      live = false
    }
  }, inputs)
  return loaded
}
