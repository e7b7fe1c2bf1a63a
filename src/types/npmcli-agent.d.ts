// Minimal typings for @npmcli/agent, which ships none: only what sources/npm/registry-client.ts (getAgent: npm's
// HTTP agent, proxies from npm's settings, TLS options, timeouts, a name lookup of the caller's) and
// ingest/outbound/guarded-get.ts (an Agent of its own per outbound policy) use.
declare module '@npmcli/agent' {
  import type { Agent as HttpAgent } from 'node:http'
  export function getAgent(url: string, options: Record<string, unknown>): HttpAgent
  export class Agent extends HttpAgent {
    constructor(options: Record<string, unknown>)
  }
}
