// Minimal typings for @npmcli/config, which ships none: only what npm-config.ts uses.
declare module '@npmcli/config' {
  export default class Config {
    constructor(options: Record<string, unknown>)
    load(): Promise<void>
    readonly flat: Record<string, unknown>
  }
}
declare module '@npmcli/config/lib/definitions/index.js' {
  const defs: Record<string, unknown>
  export default defs
}
