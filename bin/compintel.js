#!/usr/bin/env node
// Entry point of the `compintel` command: checks the Node.js it runs on before anything else is loaded (an old Node
// gets a message and exit code 1, not a crash in a native module), then loads the TypeScript sources through
// bin/ts-loader.js.
import { nodeVersionProblem } from './node-version.js'

const problem = nodeVersionProblem(process.versions.node, process.execPath)
if (problem) {
  process.stderr.write(problem)
  process.exitCode = 1
} else {
  await import('./register-ts.js')
  await import('../src/cli/index.ts')
}
