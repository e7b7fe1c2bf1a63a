// Lets Node run the project's TypeScript: `node --import ./bin/register-ts.js file.ts` (tests, benches, scripts),
// and the first import of the `compintel` command and of each analysis thread. Stack traces point into the .ts files.
// registerHooks runs the hooks in this thread; register (deprecated from Node 26) only where it is missing.
import * as nodeModule from 'node:module'
import { loadSync } from './ts-loader.js'

if (typeof nodeModule.registerHooks === 'function') nodeModule.registerHooks({ load: loadSync })
else nodeModule.register('./ts-loader.js', import.meta.url)
process.setSourceMapsEnabled(true)
