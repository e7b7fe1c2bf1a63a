// Minimal typings for @npmcli/agent, which ships none: only what sources/npm/registry-client.ts uses (npm's HTTP
// agent: proxies from npm's settings, TLS options, timeouts, a name lookup of the caller's).
declare module '@npmcli/agent' {
  import type { Agent } from 'node:http'
  export function getAgent(url: string, options: Record<string, unknown>): Agent
}
