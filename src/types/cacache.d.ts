// Minimal typings for cacache, which ships none: only what ingest/npm/npm-cache.ts uses.
declare module 'cacache' {
  interface Entry {
    key: string
    integrity: string
    size?: number
    time: number
  }
  const cacache: {
    ls(dir: string): Promise<Record<string, Entry>>
    rm: {
      entry(dir: string, key: string, opts?: { removeFully?: boolean }): Promise<void>
      content(dir: string, integrity: string): Promise<void>
    }
  }
  export default cacache
}
