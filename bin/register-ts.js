// Lets Node run the project's TypeScript: `node --import ./bin/register-ts.js file.ts` (tests, benches, scripts),
// and the first import of the `compintel` command and of each analysis thread. Stack traces point into the .ts files.
import { register } from 'node:module'

register('./ts-loader.js', import.meta.url)
process.setSourceMapsEnabled(true)
