// Minimal typings for make-fetch-happen, which ships none: only what ingest/npm/registry-client.ts uses.
declare module 'make-fetch-happen' {
  import type { Readable } from 'node:stream'

  interface Response {
    status: number
    headers: { get(name: string): string | null }
    body: Readable
  }
  export default function fetch(url: string, opts: Record<string, unknown>): Promise<Response>
}
