// One way for a page to load what it shows: the state of a request, redone when its inputs change, and asked again
// every few seconds while the answer says its component is being fetched (on-demand learning, docs/kb-growth.md).
import { useEffect, useState } from 'preact/hooks'

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'error'; message: string }

const AGAIN_MS = 5000
const MAX_AGAIN = 24

export function useLoad<T>(load: () => Promise<T>, inputs: unknown[]): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' })
  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const run = (tries: number) =>
      load().then(
        (data) => {
          if (!live) return
          setLoaded({ state: 'ok', data })
          if (tries < MAX_AGAIN && /being fetched/i.test(JSON.stringify(data)))
            timer = setTimeout(() => void run(tries + 1), AGAIN_MS)
        },
        (err: Error) => live && setLoaded({ state: 'error', message: err.message }),
      )
    setLoaded({ state: 'loading' })
    void run(0)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, inputs)
  return loaded
}
