// Entry of an artifact thread: a worker thread starts without the TypeScript loader, so it registers it (as
// bin/compintel.js does for the process) before loading the thread's module.
import '../../../bin/register-ts.js'

await import('./artifact-thread.ts')
