// Minimal typings for npm-registry-fetch, which ships none: only what sources/npm/registry-client.ts uses (npm's
// choice of registry for a package name and the credentials npm would send to a URL).
declare module 'npm-registry-fetch' {
  const regFetch: {
    pickRegistry(spec: string, opts: Record<string, unknown>): string
    getAuth(url: string, opts: Record<string, unknown>): { token?: string; auth?: string }
  }
  export default regFetch
}
