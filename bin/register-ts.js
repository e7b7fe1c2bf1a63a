// Lets Node run the project's TypeScript: `node --import ./bin/register-ts.js file.ts` (tests, benches, scripts),
// and the first import of the `compintel` command and of each artifact thread. Stack traces point into the .ts files.
// registerHooks runs the hooks in this thread; register (deprecated from Node 26) only where it is missing.
import * as nodeModule from 'node:module'
import { isMainThread } from 'node:worker_threads'

// In a worker thread, esbuild's synchronous transform would start a thread of its own holding an esbuild child
// process; when the worker is terminated nobody reaps that child, which stays defunct (one per artifact thread ever
// started). Without that thread each transform runs esbuild as a child waited for on the spot (a thread starts about
// 0.3 s slower). esbuild reads the setting when it loads, hence the import after it.
if (!isMainThread) process.env.ESBUILD_WORKER_THREADS = '0'
const { loadSync } = await import('./ts-loader.js')

if (typeof nodeModule.registerHooks === 'function') nodeModule.registerHooks({ load: loadSync })
else nodeModule.register('./ts-loader.js', import.meta.url)
process.setSourceMapsEnabled(true)
