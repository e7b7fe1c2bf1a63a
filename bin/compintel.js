#!/usr/bin/env node
// Entry point of the `compintel` command: loads the TypeScript sources through bin/ts-loader.js.
import './register-ts.js'

await import('../src/cli/index.ts')
