// Module hooks: load the project's TypeScript files by stripping their types with esbuild, one file at a time, as
// written (no bundling, no renaming, so no name-keeping wrappers around every function: tsx's `keepNames` made each
// closure a property definition, about a seventh of a cheap request's throughput). tsconfig.json's module options
// that matter to a per-file transform are passed on; source maps are inline. `loadSync` is for node:module's
// registerHooks (in-thread, Node ≥ 22.15), `load` for its older register (a loader thread; Node 22.12–22.14).
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { transform, transformSync } from 'esbuild'

const TSCONFIG = { compilerOptions: { target: 'ES2022', verbatimModuleSyntax: true, useDefineForClassFields: true } }

const ours = (url) => url.startsWith('file:') && url.endsWith('.ts') && !url.includes('/node_modules/')
const options = (file) => ({
  loader: 'ts',
  format: 'esm',
  target: 'node22',
  sourcemap: 'inline',
  sourcefile: file,
  tsconfigRaw: TSCONFIG,
})

export function loadSync(url, context, nextLoad) {
  if (!ours(url)) return nextLoad(url, context)
  const file = fileURLToPath(url)
  const { code } = transformSync(readFileSync(file, 'utf8'), options(file))
  return { format: 'module', source: code, shortCircuit: true }
}

export async function load(url, context, nextLoad) {
  if (!ours(url)) return nextLoad(url, context)
  const file = fileURLToPath(url)
  const { code } = await transform(await readFile(file, 'utf8'), options(file))
  return { format: 'module', source: code, shortCircuit: true }
}
